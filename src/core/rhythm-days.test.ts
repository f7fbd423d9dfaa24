// Calendar days: arithmetic, the day of an instant in a zone, and due states from them.
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  computeDueStatus,
  daysBetween,
  dueStatusOn,
  startOfLocalDate,
  toLocalDate,
  type Rhythm,
} from "./rhythm";

describe("calendar days", () => {
  it("adds days and months and counts the days between, across month and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2025-12-31", -1)).toBe("2025-11-30");
    expect(daysBetween("2024-12-31", "2025-03-01")).toBe(60);
    expect(daysBetween("2025-03-01", "2024-12-31")).toBe(-60);
  });

  it("tells the day an instant falls on in a zone, an unknown zone as UTC", () => {
    const at = new Date("2025-03-09T06:59:59.999Z");
    expect(toLocalDate(at, "UTC")).toBe("2025-03-09");
    expect(toLocalDate(at, "America/Los_Angeles")).toBe("2025-03-08");
    expect(toLocalDate(at, "Pacific/Kiritimati")).toBe("2025-03-09");
    expect(toLocalDate(new Date("2024-12-31T23:30:00.000Z"), "Asia/Kolkata")).toBe("2025-01-01");
    expect(toLocalDate(at, "Nope/X")).toBe("2025-03-09");
  });

  it("starts a day at its first existing minute, in the zone", () => {
    expect(startOfLocalDate("2025-03-09", "America/New_York").toISOString()).toBe(
      "2025-03-09T05:00:00.000Z",
    );
    expect(startOfLocalDate("2025-03-09", "Nope/X").toISOString()).toBe("2025-03-09T00:00:00.000Z");
  });
});

describe("dueStatusOn", () => {
  it("answers what computeDueStatus answers from the stored instant", () => {
    const weekly: Rhythm = { interval: 1, unit: "week" };
    const zone = "America/New_York";
    for (const due of ["2025-03-01", "2025-03-05", "2025-03-08", "2025-03-09", "2025-04-01"]) {
      const nextDueAt = startOfLocalDate(due, zone);
      for (const rhythm of [weekly, null]) {
        const expected = computeDueStatus({
          rhythm,
          nextDueAt,
          today: "2025-03-02",
          timeZone: zone,
        });
        expect(dueStatusOn(rhythm, toLocalDate(nextDueAt, zone), "2025-03-02")).toEqual(expected);
      }
    }
    expect(dueStatusOn(weekly, null, "2025-03-02")).toEqual({
      state: "no_rhythm",
      dueDate: null,
      daysUntilDue: null,
    });
  });
});
