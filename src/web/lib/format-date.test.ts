import { afterEach, describe, expect, it } from "vitest";
import {
  formatBirthday,
  formatDate,
  formatDateTime,
  formatDay,
  formatHour,
  formatTime,
  formatWhen,
  formatZone,
  monthNames,
  resolveDateLocale,
  setDateLocale,
} from "./format-date";

const now = new Date("2026-11-24T12:00:00Z");
const at = (iso: string) => formatWhen(iso, { now, timeZone: "UTC" });

afterEach(() => setDateLocale("en-US"));

describe("formatWhen", () => {
  it("is relative while recent", () => {
    setDateLocale("en-US");
    expect(at("2026-11-24T11:59:40Z")).toBe("just now");
    expect(at("2026-11-24T11:55:00Z")).toBe("5 minutes ago");
    expect(at("2026-11-24T09:00:00Z")).toBe("3 hours ago");
    expect(at("2026-11-23T20:00:00Z")).toBe("yesterday");
    expect(at("2026-11-20T12:00:00Z")).toBe("4 days ago");
    expect(at("2026-11-04T12:00:00Z")).toBe("20 days ago");
  });

  it("is absolute with the year once older, and for the future, in the locale's order", () => {
    setDateLocale("en-US");
    expect(at("2025-03-03T08:00:00Z")).toBe("Mar 3, 2025");
    expect(at("2026-12-08T12:00:00Z")).toBe("Dec 8, 2026");
    setDateLocale("en-GB");
    expect(at("2025-03-03T08:00:00Z")).toBe("3 Mar 2025");
    expect(at("2026-12-08T12:00:00Z")).toBe("8 Dec 2026");
    expect(formatWhen("2025-03-03T14:05:00Z", { now, timeZone: "UTC", withTime: true })).toBe(
      "3 Mar 2025, 14:05",
    );
  });

  it("counts days in the given zone", () => {
    // 01:00 in Tokyo on the 24th is the 23rd in UTC: "yesterday" only in UTC.
    expect(formatWhen("2026-11-23T16:00:00Z", { now, timeZone: "Asia/Tokyo" })).toBe(
      "20 hours ago",
    );
    expect(at("2026-11-23T16:00:00Z")).toBe("yesterday");
  });
});

describe("one form for dates and times, following the browser's locale", () => {
  const instant = "2026-12-02T09:05:00Z";

  it("writes US forms for en-US: month first, a 12-hour clock", () => {
    setDateLocale("en-US");
    expect(formatDate(instant, { timeZone: "UTC" })).toBe("Dec 2, 2026");
    expect(formatDateTime(instant, { timeZone: "UTC" })).toBe("Dec 2, 2026, 9:05 AM");
    expect(formatTime(instant, { timeZone: "UTC" })).toBe("9:05 AM");
    expect(formatHour(18)).toBe("6:00 PM");
    expect(formatHour(0)).toBe("12:00 AM");
    expect(formatDay("2024-02-29")).toBe("Feb 29, 2024");
    expect(formatBirthday({ day: 3, month: 3, year: 1990 })).toBe("March 3, 1990");
    expect(formatBirthday({ day: 29, month: 2 })).toBe("February 29");
  });

  it("writes British forms for en-GB: day first, a 24-hour clock", () => {
    setDateLocale("en-GB");
    expect(formatDate(instant, { timeZone: "UTC" })).toBe("2 Dec 2026");
    expect(formatDateTime(instant, { timeZone: "UTC" })).toBe("2 Dec 2026, 09:05");
    expect(formatTime(instant, { timeZone: "UTC" })).toBe("09:05");
    expect(formatHour(18)).toBe("18:00");
    expect(formatDay("2024-02-29")).toBe("29 Feb 2024");
    expect(formatBirthday({ day: 3, month: 3, year: 1990 })).toBe("3 March 1990");
    expect(monthNames()[0]).toBe("January");
  });

  it("shows the instant on the wall clock of the given zone, with the zone's one label", () => {
    setDateLocale("en-GB");
    // 13:00 UTC on 8 March 2026 is 9:00 in New York (summer time began that night).
    expect(
      formatDateTime("2026-03-08T13:00:00Z", { timeZone: "America/New_York", withZone: true }),
    ).toBe("8 Mar 2026, 09:00 New York time");
    expect(formatDateTime(instant, { timeZone: "Europe/Lisbon", withZone: true })).toBe(
      "2 Dec 2026, 09:05 Lisbon time",
    );
    expect(formatDateTime(instant, { timeZone: "UTC", withZone: true })).toBe(
      "2 Dec 2026, 09:05 UTC",
    );
    // A day near midnight falls on the zone's date.
    expect(formatDate("2026-12-02T23:30:00Z", { timeZone: "Asia/Tokyo" })).toBe("3 Dec 2026");
  });

  it("writes nothing for a value that is not a date, and UTC for an unknown zone", () => {
    expect(formatDateTime("not a date", { timeZone: "UTC" })).toBe("");
    expect(formatDate(instant, { timeZone: "Mars/Olympus" })).toBe("Dec 2, 2026");
  });
});

describe("formatZone", () => {
  it("names a zone by its city, and UTC as UTC", () => {
    expect(formatZone("Europe/Lisbon")).toBe("Lisbon time");
    expect(formatZone("America/Argentina/Buenos_Aires")).toBe("Buenos Aires time");
    expect(formatZone("UTC")).toBe("UTC");
    expect(formatZone("Etc/UTC")).toBe("UTC");
    expect(formatZone("Etc/GMT+5")).toBe("UTC−5");
  });
});

describe("resolveDateLocale", () => {
  it("keeps English locales and writes other languages in English with their region's forms", () => {
    expect(resolveDateLocale("en-GB")).toBe("en-GB");
    expect(resolveDateLocale("en-US")).toBe("en-US");
    expect(resolveDateLocale("de-DE")).toBe("en-DE");
    // No English data for Brazil: Europe's English keeps the region's day-first 24-hour forms.
    expect(resolveDateLocale("pt-BR")).toBe("en-150");
    expect(resolveDateLocale(undefined)).toBe("en-US");
    expect(resolveDateLocale("not a locale!")).toBe("en-US");
  });
});
