import { describe, expect, it } from "vitest";
import { formatAbsoluteDate, formatWhen } from "./format-date";

const now = new Date("2026-11-24T12:00:00Z");
const at = (iso: string) => formatWhen(iso, { now, timeZone: "UTC" });

describe("formatWhen", () => {
  it("is relative while recent", () => {
    expect(at("2026-11-24T11:59:40Z")).toBe("just now");
    expect(at("2026-11-24T11:55:00Z")).toBe("5 minutes ago");
    expect(at("2026-11-24T09:00:00Z")).toBe("3 hours ago");
    expect(at("2026-11-23T20:00:00Z")).toBe("yesterday");
    expect(at("2026-11-20T12:00:00Z")).toBe("4 days ago");
  });

  it("is absolute with the year once older, and for the future", () => {
    expect(at("2026-11-04T12:00:00Z")).toBe("20 days ago");
    expect(at("2026-10-10T12:00:00Z")).toBe("10 Oct 2026");
    expect(at("2025-03-03T08:00:00Z")).toBe("3 Mar 2025");
    expect(at("2026-12-08T12:00:00Z")).toBe("8 Dec 2026");
  });

  it("counts days in the given zone", () => {
    // 01:00 in Tokyo on the 24th is the 23rd in UTC: "yesterday" only in UTC.
    expect(formatWhen("2026-11-23T16:00:00Z", { now, timeZone: "Asia/Tokyo" })).toBe(
      "20 hours ago",
    );
    expect(at("2026-11-23T16:00:00Z")).toBe("yesterday");
  });
});

describe("formatAbsoluteDate", () => {
  it("adds the time when asked", () => {
    expect(formatAbsoluteDate("2025-03-03T14:05:00Z", { timeZone: "UTC", withTime: true })).toBe(
      "3 Mar 2025, 2:05 PM",
    );
  });
});
