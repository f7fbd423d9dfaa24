import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "./date-format";

describe("dateTimeFormat", () => {
  it("gives one formatter per locale and options, formatting as Intl does", () => {
    const options = { timeZone: "Asia/Tokyo", hour: "2-digit", hourCycle: "h23" } as const;
    const first = dateTimeFormat("en-GB", options);
    expect(dateTimeFormat("en-GB", { ...options })).toBe(first);
    expect(dateTimeFormat("en-US", options)).not.toBe(first);
    expect(first.format(new Date("2026-12-05T00:30:00Z"))).toBe("09");
  });

  it("throws on a zone Intl does not know, as the constructor does", () => {
    expect(() => dateTimeFormat("en-GB", { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
