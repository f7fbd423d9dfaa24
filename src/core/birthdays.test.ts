import { describe, expect, it } from "vitest";
import { birthdaysWithin, nextBirthday } from "./birthdays";

describe("birthdays", () => {
  it("puts 29 February on 28 February in other years, and on the 29th in leap years", () => {
    expect(nextBirthday({ day: 29, month: 2, year: 1992 }, "2027-02-01")).toEqual({
      day: "2027-02-28",
      turning: 35,
    });
    expect(nextBirthday({ day: 29, month: 2, year: null }, "2028-02-01").day).toBe("2028-02-29");
  });

  it("rolls over the new year and keeps today's birthday", () => {
    expect(nextBirthday({ day: 2, month: 1, year: null }, "2026-12-30")).toEqual({
      day: "2027-01-02",
      turning: null,
    });
    expect(nextBirthday({ day: 30, month: 12, year: 2000 }, "2026-12-30").day).toBe("2026-12-30");
  });

  it("lists the birthdays of the next days, soonest first", () => {
    const people = [
      { name: "late", day: 8, month: 1, year: null },
      { name: "soon", day: 1, month: 1, year: null },
      { name: "today", day: 29, month: 12, year: null },
      { name: "past", day: 28, month: 12, year: null },
    ];
    expect(birthdaysWithin(people, "2026-12-29", 7).map((p) => p.name)).toEqual(["today", "soon"]);
  });
});
