import { describe, expect, it } from "vitest";
import {
  addMonths,
  computeDueStatus,
  computeNextDueAt,
  computeNextDueDate,
  describeDue,
  describeRhythm,
  dueSoonWindowDays,
  parseRhythmKey,
  rhythmKey,
  startOfLocalDate,
  toLocalDate,
  type Rhythm,
} from "./rhythm";
import { RhythmSchema } from "./rhythm-schema";

const weekly: Rhythm = { interval: 1, unit: "week" };
const monthly: Rhythm = { interval: 1, unit: "month" };
const yearly: Rhythm = { interval: 1, unit: "year" };

function status(rhythm: Rhythm | null, dueDate: string, today: string) {
  return computeDueStatus({
    rhythm,
    nextDueAt: startOfLocalDate(dueDate, "UTC"),
    today,
    timeZone: "UTC",
  });
}

describe("calendar arithmetic", () => {
  it("clamps month ends: Jan 31 plus a month is the last day of February", () => {
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2024-03-31", 3)).toBe("2024-06-30");
    expect(addMonths("2024-08-31", 6)).toBe("2025-02-28");
  });

  it("moves a leap day to Feb 28 after a year", () => {
    expect(
      computeNextDueDate({
        rhythm: yearly,
        lastContactedAt: new Date("2024-02-29T10:00:00Z"),
        rhythmSetAt: null,
        timeZone: "UTC",
      }),
    ).toBe("2025-02-28");
  });

  it("crosses year boundaries", () => {
    expect(addMonths("2024-11-15", 3)).toBe("2025-02-15");
    expect(addMonths("2025-01-15", -2)).toBe("2024-11-15");
  });
});

describe("next due date", () => {
  it("adds the rhythm to the day of the last contact in the user's time zone", () => {
    // 23:30 on Jan 1 in New York is already Jan 2 in UTC.
    const lastContactedAt = new Date("2025-01-02T04:30:00Z");
    expect(
      computeNextDueDate({
        rhythm: weekly,
        lastContactedAt,
        rhythmSetAt: null,
        timeZone: "America/New_York",
      }),
    ).toBe("2025-01-08");
    expect(
      computeNextDueDate({ rhythm: weekly, lastContactedAt, rhythmSetAt: null, timeZone: "UTC" }),
    ).toBe("2025-01-09");
    // Early morning in Tokyo is still the previous day in UTC.
    expect(
      computeNextDueDate({
        rhythm: { interval: 3, unit: "day" },
        lastContactedAt: new Date("2025-03-31T16:00:00Z"),
        rhythmSetAt: null,
        timeZone: "Asia/Tokyo",
      }),
    ).toBe("2025-04-04");
  });

  it("anchors on when the rhythm was set for someone never contacted", () => {
    expect(
      computeNextDueDate({
        rhythm: monthly,
        lastContactedAt: null,
        rhythmSetAt: new Date("2025-05-31T12:00:00Z"),
        timeZone: "UTC",
      }),
    ).toBe("2025-06-30");
  });

  it("prefers the last contact over when the rhythm was set", () => {
    expect(
      computeNextDueDate({
        rhythm: weekly,
        lastContactedAt: new Date("2025-05-10T12:00:00Z"),
        rhythmSetAt: new Date("2025-05-01T12:00:00Z"),
        timeZone: "UTC",
      }),
    ).toBe("2025-05-17");
  });

  it("has no due date without a rhythm or an anchor", () => {
    const base = { lastContactedAt: new Date(), rhythmSetAt: null, timeZone: "UTC" };
    expect(computeNextDueDate({ ...base, rhythm: null })).toBeNull();
    expect(computeNextDueDate({ ...base, rhythm: weekly, lastContactedAt: null })).toBeNull();
  });

  it("stores the start of the due day in the user's zone, across DST changes", () => {
    const at = computeNextDueAt({
      rhythm: weekly,
      lastContactedAt: new Date("2025-03-03T15:00:00Z"),
      rhythmSetAt: null,
      timeZone: "America/New_York",
    });
    // Mar 10 2025 is after the switch to EDT (UTC-4).
    expect(at?.toISOString()).toBe("2025-03-10T04:00:00.000Z");
    expect(toLocalDate(at!, "America/New_York")).toBe("2025-03-10");
  });

  it("uses the first existing minute when midnight is skipped", () => {
    // Santiago moved clocks from 00:00 to 01:00 on 2024-09-08.
    const start = startOfLocalDate("2024-09-08", "America/Santiago");
    expect(toLocalDate(start, "America/Santiago")).toBe("2024-09-08");
  });

  it("treats an unknown time zone as UTC", () => {
    expect(toLocalDate(new Date("2025-01-01T23:00:00Z"), "Not/AZone")).toBe("2025-01-01");
    expect(startOfLocalDate("2025-01-02", "Not/AZone").toISOString()).toBe(
      "2025-01-02T00:00:00.000Z",
    );
  });
});

describe("due states", () => {
  it("uses the shorter of 7 days and 20 % of the interval as the due-soon window", () => {
    expect(dueSoonWindowDays(weekly)).toBeCloseTo(1.4);
    expect(dueSoonWindowDays({ interval: 2, unit: "week" })).toBeCloseTo(2.8);
    expect(dueSoonWindowDays(monthly)).toBe(6);
    expect(dueSoonWindowDays({ interval: 3, unit: "month" })).toBe(7);
    expect(dueSoonWindowDays(yearly)).toBe(7);
    expect(dueSoonWindowDays({ interval: 1, unit: "day" })).toBeCloseTo(0.2);
  });

  it("is overdue from the day after the due day", () => {
    expect(status(weekly, "2025-06-10", "2025-06-11")).toEqual({
      state: "overdue",
      dueDate: "2025-06-10",
      daysUntilDue: -1,
    });
    expect(status(weekly, "2025-06-10", "2025-06-10").state).toBe("due_soon");
  });

  it("is due soon inside the window and on track outside it", () => {
    expect(status(weekly, "2025-06-10", "2025-06-09").state).toBe("due_soon");
    expect(status(weekly, "2025-06-10", "2025-06-08").state).toBe("on_track");
    expect(status(monthly, "2025-06-30", "2025-06-24").state).toBe("due_soon");
    expect(status(monthly, "2025-06-30", "2025-06-23").state).toBe("on_track");
    expect(status(yearly, "2025-12-31", "2025-12-24").state).toBe("due_soon");
    expect(status(yearly, "2025-12-31", "2025-12-23").state).toBe("on_track");
    // A daily rhythm is due soon only on its due day.
    expect(status({ interval: 1, unit: "day" }, "2025-06-10", "2025-06-09").state).toBe("on_track");
  });

  it("reads the due day in the user's zone", () => {
    const nextDueAt = startOfLocalDate("2025-06-10", "Pacific/Auckland");
    const s = computeDueStatus({
      rhythm: weekly,
      nextDueAt,
      today: "2025-06-10",
      timeZone: "Pacific/Auckland",
    });
    expect(s).toMatchObject({ state: "due_soon", dueDate: "2025-06-10", daysUntilDue: 0 });
  });

  it("has no state without a rhythm", () => {
    expect(status(null, "2025-06-10", "2025-06-11")).toEqual({
      state: "no_rhythm",
      dueDate: null,
      daysUntilDue: null,
    });
  });

  it("describes how far away the due day is", () => {
    expect(describeDue(status(weekly, "2025-06-10", "2025-06-10"))).toBe("Due today");
    expect(describeDue(status(weekly, "2025-06-10", "2025-06-09"))).toBe("Due tomorrow");
    expect(describeDue(status(weekly, "2025-06-10", "2025-06-05"))).toBe("Due in 5 days");
    expect(describeDue(status(weekly, "2025-06-10", "2025-06-11"))).toBe("1 day overdue");
    expect(describeDue(status(weekly, "2025-06-10", "2025-06-22"))).toBe("12 days overdue");
  });
});

describe("rhythm contract", () => {
  it("names presets and custom rhythms", () => {
    expect(describeRhythm(weekly)).toBe("Weekly");
    expect(describeRhythm({ interval: 2, unit: "week" })).toBe("Every 2 weeks");
    expect(describeRhythm({ interval: 6, unit: "month" })).toBe("Twice a year");
    expect(describeRhythm({ interval: 10, unit: "day" })).toBe("Every 10 days");
    expect(describeRhythm({ interval: 1, unit: "day" })).toBe("Every day");
    expect(describeRhythm(null)).toBe("No rhythm");
  });

  it("round-trips keys and rejects bad ones", () => {
    expect(parseRhythmKey(rhythmKey({ interval: 3, unit: "month" }))).toEqual({
      interval: 3,
      unit: "month",
    });
    expect(parseRhythmKey("none")).toBeNull();
    expect(parseRhythmKey("0-week")).toBeUndefined();
    expect(parseRhythmKey("5-fortnight")).toBeUndefined();
    expect(parseRhythmKey("999-month")).toBeUndefined();
  });

  it("rejects intervals that are not whole, positive and at most about two years", () => {
    expect(RhythmSchema.safeParse({ interval: "3", unit: "week" }).data).toEqual({
      interval: 3,
      unit: "week",
    });
    expect(RhythmSchema.safeParse({ interval: 0, unit: "week" }).success).toBe(false);
    expect(RhythmSchema.safeParse({ interval: 1.5, unit: "week" }).success).toBe(false);
    const tooLong = RhythmSchema.safeParse({ interval: 105, unit: "week" });
    expect(tooLong.error?.issues[0]?.message).toBe("The interval can be at most 104 weeks");
    expect(RhythmSchema.safeParse({ interval: 2, unit: "fortnight" }).success).toBe(false);
  });

  it("takes a number or a form's digits, never true, [] or an empty field", () => {
    for (const interval of [true, [], "", null, "2 weeks"]) {
      const parsed = RhythmSchema.safeParse({ interval, unit: "week" });
      expect(parsed.error?.issues[0]?.message).toBe("Enter how often, as a whole number");
    }
  });
});
