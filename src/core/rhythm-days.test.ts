// The day helpers lists use to avoid making Date objects must answer exactly what the Date-based
// ones answer.
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  computeDueStatus,
  daysBetween,
  dueStatusOn,
  isoToLocalDate,
  startOfLocalDate,
  toLocalDate,
  utcDayOf,
  type Rhythm,
} from "./rhythm";

const DAY = 86_400_000;

function viaDate(ms: number): string {
  try {
    return new Date(ms).toISOString().slice(0, 10);
  } catch (error) {
    return (error as Error).name;
  }
}

function viaArithmetic(ms: number): string {
  try {
    return utcDayOf(ms);
  } catch (error) {
    return (error as Error).name;
  }
}

describe("utcDayOf", () => {
  it("writes every day from 1900 to 2200 as toISOString does, at any time of day", () => {
    const mismatches: number[] = [];
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2200, 0, 1); ms += DAY) {
      for (const at of [ms, ms + 1, ms + DAY - 1]) {
        if (viaArithmetic(at) !== viaDate(at)) mismatches.push(at);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("agrees with Date at the edges of four-digit years and for invalid times", () => {
    const edges = [
      Date.UTC(1000, 0, 1),
      Date.UTC(1000, 0, 1) - 1,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      Date.UTC(1600, 1, 29),
      Date.UTC(2000, 1, 29),
      Date.UTC(2100, 1, 28),
      -1,
      0,
      -62_198_755_200_000, // year 0
      8.64e15,
      -8.64e15,
      8.64e15 + 1,
      NaN,
      Infinity,
    ];
    for (const ms of edges) expect(viaArithmetic(ms), String(ms)).toBe(viaDate(ms));
  });

  it("keeps the results of addDays, addMonths and daysBetween", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2025-12-31", -1)).toBe("2025-11-30");
    expect(daysBetween("2024-12-31", "2025-03-01")).toBe(60);
  });
});

describe("isoToLocalDate", () => {
  it("answers what toLocalDate answers for the same instant", () => {
    const instants = [
      "2025-03-09T06:59:59.999Z",
      "2025-03-09T07:00:00.000Z",
      "2025-01-01T00:00:00.000Z",
      "2024-12-31T23:30:00.000Z",
      "2025-06-30T12:00:00.000Z",
    ];
    for (const zone of [
      "UTC",
      "America/New_York",
      "Pacific/Kiritimati",
      "Asia/Kolkata",
      "Nope/X",
    ]) {
      for (const iso of instants) {
        expect(isoToLocalDate(iso, zone), `${iso} ${zone}`).toBe(toLocalDate(new Date(iso), zone));
      }
    }
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
