import { describe, expect, it } from "vitest";
import {
  cleanLabel,
  formatBirthday,
  parseArchived,
  parseBirthday,
  parseInstant,
  parseLabelled,
  parseRhythmText,
  parseTags,
  splitList,
} from "./parse-values";

describe("lists, labels and tags", () => {
  it("splits Google's ' ::: ' lists and ; , separated lists", () => {
    expect(splitList("a@x.io ::: b@y.io")).toEqual(["a@x.io", "b@y.io"]);
    expect(splitList("a@x.io; b@y.io, c@z.io")).toEqual(["a@x.io", "b@y.io", "c@z.io"]);
  });

  it("reads an optional 'label: value' prefix without mistaking phone numbers", () => {
    expect(parseLabelled("work: ada@example.com")).toEqual({
      label: "work",
      value: "ada@example.com",
    });
    expect(parseLabelled("+44 20 7946 0958")).toEqual({ value: "+44 20 7946 0958" });
    expect(parseLabelled("ada@example.com")).toEqual({ value: "ada@example.com" });
  });

  it("cleans Google and Apple labels", () => {
    expect(cleanLabel("* Home")).toBe("home");
    expect(cleanLabel("_$!<Mobile>!$_")).toBe("mobile");
    expect(cleanLabel("  ")).toBeUndefined();
  });

  it("drops Google's system groups from tags", () => {
    expect(parseTags("Friends ::: * myContacts ::: * starred ::: Book club")).toEqual([
      "Friends",
      "Book club",
    ]);
  });
});

describe("parseBirthday", () => {
  it.each([
    ["1985-04-12", { day: 12, month: 4, year: 1985 }],
    ["19850412", { day: 12, month: 4, year: 1985 }],
    ["1985-4-2", { day: 2, month: 4, year: 1985 }],
    ["1985-04-12T00:00:00Z", { day: 12, month: 4, year: 1985 }],
    ["--04-12", { day: 12, month: 4, year: null }],
    ["--0412", { day: 12, month: 4, year: null }],
    ["4/12/1985", { day: 12, month: 4, year: 1985 }],
    ["25/12/1990", { day: 25, month: 12, year: 1990 }],
    ["12.04.1985", { day: 12, month: 4, year: 1985 }],
    ["12 April 1985", { day: 12, month: 4, year: 1985 }],
    ["Apr 12, 1985", { day: 12, month: 4, year: 1985 }],
    ["12 Apr", { day: 12, month: 4, year: null }],
    ["--02-29", { day: 29, month: 2, year: null }],
    ["2000-02-29", { day: 29, month: 2, year: 2000 }],
  ])("reads %s", (text, expected) => {
    expect(parseBirthday(text)).toEqual(expected);
  });

  it("treats empty cells and Outlook's 0/0/00 as no birthday", () => {
    expect(parseBirthday("")).toBeNull();
    expect(parseBirthday("0/0/00")).toBeNull();
  });

  it("says when a text is not a date", () => {
    for (const text of ["soon", "1985-02-30", "2001-02-29", "13/13/2000", "--13-01", "Smarch 3"])
      expect(parseBirthday(text)).toBeUndefined();
  });

  it("writes with and without year in ISO form", () => {
    expect(formatBirthday({ day: 2, month: 4, year: 1985 })).toBe("1985-04-02");
    expect(formatBirthday({ day: 2, month: 4, year: null })).toBe("--04-02");
  });
});

describe("instants, archived and rhythms", () => {
  it("reads ISO instants and plain dates (midnight UTC)", () => {
    expect(parseInstant("2024-03-05T10:30:00.000Z")?.toISOString()).toBe(
      "2024-03-05T10:30:00.000Z",
    );
    expect(parseInstant("2024-03-05")?.toISOString()).toBe("2024-03-05T00:00:00.000Z");
    expect(parseInstant("")).toBeNull();
    expect(parseInstant("last Tuesday")).toBeUndefined();
  });

  it("reads archived as yes/no or a date", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    expect(parseArchived("yes", now)).toEqual(now);
    expect(parseArchived("No", now)).toBeNull();
    expect(parseArchived("2024-06-01T12:00:00.000Z", now)?.toISOString()).toBe(
      "2024-06-01T12:00:00.000Z",
    );
    expect(parseArchived("maybe", now)).toBeUndefined();
  });

  it.each([
    ["Weekly", { interval: 1, unit: "week" }],
    ["Every 2 weeks", { interval: 2, unit: "week" }],
    ["fortnightly", { interval: 2, unit: "week" }],
    ["Monthly", { interval: 1, unit: "month" }],
    ["Quarterly", { interval: 3, unit: "month" }],
    ["Twice a year", { interval: 6, unit: "month" }],
    ["Yearly", { interval: 1, unit: "year" }],
    ["every 10 days", { interval: 10, unit: "day" }],
    ["Every day", { interval: 1, unit: "day" }],
    ["3-week", { interval: 3, unit: "week" }],
  ])("reads the rhythm %s", (text, expected) => {
    expect(parseRhythmText(text)).toEqual(expected);
  });

  it("reads no rhythm, and refuses unknown or too long rhythms", () => {
    expect(parseRhythmText("")).toBeNull();
    expect(parseRhythmText("No rhythm")).toBeNull();
    expect(parseRhythmText("whenever")).toBeUndefined();
    expect(parseRhythmText("every 900 days")).toBeUndefined();
  });
});
