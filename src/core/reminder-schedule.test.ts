import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import type { ReminderCadence } from "./onboarding";
import {
  MISSED_SLOT_GRACE_MS,
  nextOccurrenceAfter,
  occurrenceAt,
  planDueSlots,
  ruleStartingAt,
  stepDays,
  type ReminderRule,
} from "./reminder-schedule";
import { addDays, toLocalDate } from "./rhythm";

const ZONES = [
  "America/New_York",
  "Europe/Berlin",
  "Australia/Sydney",
  "Asia/Kolkata",
  "Pacific/Chatham",
  "America/Sao_Paulo",
];
const RULES: { cadence: ReminderCadence; frequency: number }[] = [
  { cadence: "days", frequency: 1 },
  { cadence: "days", frequency: 3 },
  { cadence: "weeks", frequency: 1 },
  { cadence: "weeks", frequency: 2 },
  { cadence: "as_needed", frequency: 1 },
];
// 09:00 is what most people pick; 02:00 and 03:00 fall in or next to DST gaps and overlaps.
const HOURS = [9, 2, 3];

function localParts(instant: Date, timeZone: string) {
  const d = new TZDate(instant.getTime(), timeZone);
  return { date: toLocalDate(instant, timeZone), hour: d.getHours(), minute: d.getMinutes() };
}

// Whether hour:00 exists on that local day (it does not inside a spring-forward gap).
function wallTimeExists(date: string, hour: number, timeZone: string): boolean {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const at = new TZDate(y, m - 1, d, hour, 0, 0, 0, timeZone);
  return at.getHours() === hour && at.getMinutes() === 0;
}

// The scheduler loop, simulated with a clock that ticks every 15 minutes for three years: each
// tick runs planDueSlots exactly as the server does.
function simulate(rule: ReminderRule, start: Date, years: number) {
  const end = start.getTime() + years * 365.25 * 86_400_000;
  const sent: Date[] = [];
  let next = occurrenceAt(rule, 0);
  for (let t = start.getTime(); t < end; t += 15 * 60_000) {
    if (next.getTime() > t) continue;
    const plan = planDueSlots(rule, next, new Date(t));
    expect(plan.skippedTotal).toBe(0);
    if (plan.sendSlot) sent.push(plan.sendSlot);
    next = plan.next;
  }
  return sent;
}

describe("reminder occurrences across DST (three simulated years)", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  for (const timeZone of ZONES) {
    for (const { cadence, frequency } of RULES) {
      it(`${timeZone}, ${cadence} ×${frequency}: no duplicate, no miss, always the chosen hour`, () => {
        for (const hour of HOURS) {
          const { rule } = ruleStartingAt({ now: start, hour, timeZone, cadence, frequency });
          const sent = simulate(rule, start, 3);
          const step = stepDays(rule);
          const expectedCount = Math.floor((3 * 365.25 - 1) / step);
          expect(sent.length).toBeGreaterThanOrEqual(expectedCount - 1);
          sent.forEach((instant, k) => {
            const local = localParts(instant, timeZone);
            // Consecutive occurrences: exactly anchor + k × step, so none missed or repeated.
            expect(local.date).toBe(addDays(rule.anchorDate, k * step));
            if (wallTimeExists(local.date, hour, timeZone)) {
              expect([local.hour, local.minute]).toEqual([hour, 0]);
            } else {
              // Moved forward by the gap (one hour, or 30 minutes elsewhere), never backward.
              expect(local.hour * 60 + local.minute).toBeGreaterThan(hour * 60);
              expect(local.hour * 60 + local.minute).toBeLessThanOrEqual(hour * 60 + 60);
            }
            if (k > 0) expect(instant.getTime()).toBeGreaterThan(sent[k - 1]!.getTime());
          });
        }
      });
    }
  }

  it("takes the first of a repeated wall time (fall back)", () => {
    // New York falls back on 2026-11-01: 01:30 happens twice; the first is 05:30Z.
    const rule: ReminderRule = {
      anchorDate: "2026-10-31",
      hour: 1,
      timeZone: "America/New_York",
      cadence: "days",
      frequency: 1,
    };
    expect(occurrenceAt(rule, 1).toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(occurrenceAt(rule, 2).toISOString()).toBe("2026-11-02T06:00:00.000Z");
  });

  it("moves a wall time inside the spring-forward gap forward", () => {
    const rule: ReminderRule = {
      anchorDate: "2026-03-07",
      hour: 2,
      timeZone: "America/New_York",
      cadence: "days",
      frequency: 1,
    };
    // 2026-03-08 02:00 does not exist in New York: it becomes 03:00 EDT (07:00Z).
    expect(occurrenceAt(rule, 1).toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });
});

describe("planDueSlots after downtime", () => {
  const rule: ReminderRule = {
    anchorDate: "2026-03-01",
    hour: 9,
    timeZone: "Europe/Berlin",
    cadence: "days",
    frequency: 1,
  };
  const slot = occurrenceAt(rule, 10); // 2026-03-11 09:00 CET

  it("sends one digest for a slot missed by under 12 hours", () => {
    const now = new Date(slot.getTime() + 11 * 3_600_000);
    const plan = planDueSlots(rule, slot, now);
    expect(plan.sendSlot?.toISOString()).toBe(slot.toISOString());
    expect(plan.skippedTotal).toBe(0);
    expect(plan.next.toISOString()).toBe(occurrenceAt(rule, 11).toISOString());
  });

  it("logs older slots as skipped and sends at most one: never a burst", () => {
    const now = new Date(slot.getTime() + 3 * 86_400_000 + 3_600_000); // three days down
    const plan = planDueSlots(rule, slot, now);
    expect(plan.skipped.map((d) => d.toISOString())).toEqual(
      [10, 11, 12].map((k) => occurrenceAt(rule, k).toISOString()),
    );
    expect(plan.sendSlot?.toISOString()).toBe(occurrenceAt(rule, 13).toISOString());
    expect(plan.next.toISOString()).toBe(occurrenceAt(rule, 14).toISOString());
  });

  it("skips a slot missed by more than 12 hours even when it is the only one", () => {
    const weekly = { ...rule, cadence: "weeks" as const };
    const weeklySlot = occurrenceAt(weekly, 1);
    const now = new Date(weeklySlot.getTime() + MISSED_SLOT_GRACE_MS + 60_000);
    const plan = planDueSlots(weekly, weeklySlot, now);
    expect(plan.sendSlot).toBeNull();
    expect(plan.skippedTotal).toBe(1);
    expect(plan.next.toISOString()).toBe(occurrenceAt(weekly, 2).toISOString());
  });

  it("counts years of downtime without walking every day", () => {
    const now = new Date(slot.getTime() + 5 * 365 * 86_400_000);
    const plan = planDueSlots(rule, slot, now);
    expect(plan.skipped).toHaveLength(7);
    expect(plan.skippedTotal).toBeGreaterThan(1800);
    expect(plan.next.getTime()).toBeGreaterThan(now.getTime());
    expect(plan.next.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000);
  });

  it("finds the next occurrence from any instant, before or after the anchor", () => {
    const every3 = { ...rule, frequency: 3 };
    expect(nextOccurrenceAfter(every3, new Date("2026-01-01T00:00:00Z")).toISOString()).toBe(
      occurrenceAt(every3, 0).toISOString(),
    );
    const after = occurrenceAt(every3, 4);
    expect(nextOccurrenceAfter(every3, after).toISOString()).toBe(
      occurrenceAt(every3, 5).toISOString(),
    );
  });
});

describe("next run of the first reminder", () => {
  const at = (iso: string) => new Date(iso);
  const run = (now: string, hour: number, timeZone: string) =>
    ruleStartingAt({
      now: at(now),
      hour,
      timeZone,
      cadence: "days",
      frequency: 1,
    }).firstRun.toISOString();

  it("is today at the chosen hour when that is still ahead, otherwise tomorrow (UTC)", () => {
    expect(run("2026-05-10T08:59:59Z", 9, "UTC")).toBe("2026-05-10T09:00:00.000Z");
    expect(run("2026-05-10T09:00:00Z", 9, "UTC")).toBe("2026-05-11T09:00:00.000Z");
    expect(run("2026-05-10T23:30:00Z", 0, "UTC")).toBe("2026-05-11T00:00:00.000Z");
    expect(run("2026-12-31T10:00:00Z", 9, "UTC")).toBe("2027-01-01T09:00:00.000Z");
  });

  it("uses the day as it is in the chosen zone, not on the server", () => {
    // 20:00 UTC on 10 May is already 01:30 on 11 May in Kolkata (+05:30).
    expect(run("2026-05-10T20:00:00Z", 9, "Asia/Kolkata")).toBe("2026-05-11T03:30:00.000Z");
    expect(run("2026-05-10T02:00:00Z", 9, "Asia/Kolkata")).toBe("2026-05-10T03:30:00.000Z");
    // Auckland is 12 h ahead in May (NZST): 22:00 UTC on 10 May is 10:00 on 11 May there.
    expect(run("2026-05-10T22:00:00Z", 9, "Pacific/Auckland")).toBe("2026-05-11T21:00:00.000Z");
  });

  it("crosses the spring-forward change in New York (8 March 2026)", () => {
    // Saturday 7 March 10:00 EST: 9:00 has passed, so Sunday 9:00, which is EDT (-4).
    expect(run("2026-03-07T15:00:00Z", 9, "America/New_York")).toBe("2026-03-08T13:00:00.000Z");
    // 2:00 does not exist that night: it becomes 3:00 EDT.
    expect(run("2026-03-08T05:00:00Z", 2, "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("crosses the fall-back change in New York (1 November 2026)", () => {
    // Saturday 31 October 10:00 EDT: next 9:00 is Sunday, in EST (-5).
    expect(run("2026-10-31T14:00:00Z", 9, "America/New_York")).toBe("2026-11-01T14:00:00.000Z");
    // 1:00 happens twice: the first one (EDT) is used.
    expect(run("2026-11-01T04:30:00Z", 1, "America/New_York")).toBe("2026-11-01T05:00:00.000Z");
  });

  it("crosses Auckland's daylight-saving start (27 September 2026)", () => {
    // 26 Sep 10:00 NZST (UTC+12) → 27 Sep 9:00 NZDT (UTC+13).
    expect(run("2026-09-25T22:00:00Z", 9, "Pacific/Auckland")).toBe("2026-09-26T20:00:00.000Z");
  });
});
