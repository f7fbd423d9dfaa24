// Month names and "n days ago" come from Intl; they must read as the app always wrote them.
import { describe, expect, it } from "vitest";
import {
  describeLastContact,
  describeLastContactShort,
  formatLocalDate,
  longMonthNames,
} from "./format";

const ctx = { today: "2025-03-31", timeZone: "UTC" };
const at = (day: string) => `${day}T12:00:00.000Z`;

describe("dates as a person reads them", () => {
  it("names the months in English", () => {
    expect(longMonthNames()).toEqual([
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]);
    expect(formatLocalDate("2025-09-03")).toBe("3 Sep 2025");
    expect(formatLocalDate("2024-02-29")).toBe("29 Feb 2024");
  });

  it("says today, yesterday, n days ago, then the date", () => {
    expect(describeLastContact(at("2025-03-31"), ctx)).toBe("Today");
    expect(describeLastContact(at("2025-04-02"), ctx)).toBe("Today");
    expect(describeLastContact(at("2025-03-30"), ctx)).toBe("Yesterday");
    expect(describeLastContact(at("2025-03-26"), ctx)).toBe("5 days ago");
    expect(describeLastContact(at("2025-03-01"), ctx)).toBe("30 days ago");
    expect(describeLastContact(at("2025-02-28"), ctx)).toBe("28 Feb 2025");
    expect(describeLastContact(null, ctx)).toBe("Never");
    expect(describeLastContactShort(at("2025-03-30"), ctx)).toBe("Contacted yesterday");
    expect(describeLastContactShort(at("2025-03-26"), ctx)).toBe("Contacted 5 days ago");
  });
});
