// "n days ago" comes from Intl; it must read as the app always wrote it.
import { describe, expect, it } from "vitest";
import { setDateLocale } from "../../../lib/format-date";
import {
  describeLastContact,
  describeLastContactShort,
  fromDateTimeLocal,
  toDateTimeLocal,
} from "./format";

const ctx = { today: "2025-03-31", timeZone: "UTC" };
const at = (day: string) => `${day}T12:00:00.000Z`;

describe("dates as a person reads them", () => {
  it("says today, yesterday, n days ago, then the date", () => {
    expect(describeLastContact(at("2025-03-31"), ctx)).toBe("Today");
    expect(describeLastContact(at("2025-04-02"), ctx)).toBe("Today");
    expect(describeLastContact(at("2025-03-30"), ctx)).toBe("Yesterday");
    expect(describeLastContact(at("2025-03-26"), ctx)).toBe("5 days ago");
    expect(describeLastContact(at("2025-03-01"), ctx)).toBe("30 days ago");
    setDateLocale("en-GB");
    expect(describeLastContact(at("2025-02-28"), ctx)).toBe("28 Feb 2025");
    setDateLocale("en-US");
    expect(describeLastContact(at("2025-02-28"), ctx)).toBe("Feb 28, 2025");
    expect(describeLastContact(null, ctx)).toBe("Never");
    expect(describeLastContactShort(at("2025-03-30"), ctx)).toBe("Contacted yesterday");
    expect(describeLastContactShort(at("2025-03-26"), ctx)).toBe("Contacted 5 days ago");
  });
});

describe("a history entry's time field", () => {
  it("reads and writes the wall clock of the user's zone, not the browser's", () => {
    const at = "2025-03-03T14:05:00.000Z";
    expect(toDateTimeLocal(at, "Europe/Lisbon")).toBe("2025-03-03T14:05");
    expect(toDateTimeLocal(at, "Asia/Tokyo")).toBe("2025-03-03T23:05");
    expect(fromDateTimeLocal("2025-03-03T23:05", "Asia/Tokyo")?.toISOString()).toBe(at);
    // Summer time in Lisbon: 14:05 on the clock is 13:05 UTC.
    expect(fromDateTimeLocal("2025-07-01T14:05", "Europe/Lisbon")?.toISOString()).toBe(
      "2025-07-01T13:05:00.000Z",
    );
    expect(fromDateTimeLocal("", "UTC")).toBeNull();
  });
});
