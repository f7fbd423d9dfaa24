// When reminders run: a rule (anchor day, local hour, IANA zone, every N days or
// weeks, or "as needed" = checked daily) and its occurrences, each computed from the anchor in
// the zone, never by adding to the previous instant, so 09:00 local stays 09:00 across DST. A
// wall time a DST jump skips moves forward (02:30 → 03:30); a repeated one takes the first.
import { TZDate } from "@date-fns/tz";
import type { ReminderCadence } from "./onboarding";
import { addDays, daysBetween, isValidTimeZone, toLocalDate, type LocalDate } from "./rhythm";

export type ReminderRule = {
  /** The first local day of the rule (YYYY-MM-DD in timeZone). */
  anchorDate: LocalDate;
  /** 0-23, local. */
  hour: number;
  timeZone: string;
  cadence: ReminderCadence;
  /** Every N days or weeks; ignored for as_needed (checked every day). */
  frequency: number;
};

/** A digest missed by more than this (downtime) is logged as skipped, never sent late. */
export const MISSED_SLOT_GRACE_MS = 12 * 3_600_000;

export function stepDays(rule: Pick<ReminderRule, "cadence" | "frequency">): number {
  const n = Math.max(1, Math.floor(rule.frequency) || 1);
  if (rule.cadence === "weeks") return 7 * n;
  if (rule.cadence === "days") return n;
  return 1;
}

function zoneOf(rule: ReminderRule): string {
  return isValidTimeZone(rule.timeZone) ? rule.timeZone : "UTC";
}

/** The instant of occurrence k (k = 0 is the anchor day). */
export function occurrenceAt(rule: ReminderRule, k: number): Date {
  const day = addDays(rule.anchorDate, k * stepDays(rule));
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, rule.hour, 0, 0, 0, zoneOf(rule)).getTime());
}

/** The first occurrence strictly after `after` (occurrences before the anchor do not exist). */
export function nextOccurrenceAfter(rule: ReminderRule, after: Date): Date {
  const step = stepDays(rule);
  const today = toLocalDate(after, zoneOf(rule));
  // One day of slack before today covers zones far from UTC; the loop runs at most 3 times.
  let k = Math.max(0, Math.floor((daysBetween(rule.anchorDate, today) - 1) / step));
  for (;;) {
    const at = occurrenceAt(rule, k);
    if (at.getTime() > after.getTime()) return at;
    k += 1;
  }
}

/**
 * The rule for reminder preferences saved at `now` (onboarding, Settings): the rule is stored,
 * not only its next instant; its first run is the next time the chosen hour comes round in the
 * chosen zone.
 */
export function ruleFromPreferences(
  now: Date,
  prefs: {
    hour: number;
    timezone: string;
    reminderCadence: ReminderCadence;
    reminderFrequency: number;
  },
) {
  return ruleStartingAt({
    now,
    hour: prefs.hour,
    timeZone: prefs.timezone,
    cadence: prefs.reminderCadence,
    frequency: prefs.reminderFrequency,
  });
}

/** The rule for a schedule saved at `now`: its first run is the next time the hour comes round. */
export function ruleStartingAt(options: {
  now: Date;
  hour: number;
  timeZone: string;
  cadence: ReminderCadence;
  frequency: number;
}): { rule: ReminderRule; firstRun: Date } {
  const { now, ...rest } = options;
  const zone = isValidTimeZone(rest.timeZone) ? rest.timeZone : "UTC";
  const today = toLocalDate(now, zone);
  const todayRule: ReminderRule = { ...rest, anchorDate: today };
  const atToday = occurrenceAt(todayRule, 0);
  const rule =
    atToday.getTime() > now.getTime() ? todayRule : { ...rest, anchorDate: addDays(today, 1) };
  return { rule, firstRun: occurrenceAt(rule, 0) };
}

/** At most this many missed slots are logged one by one after a long downtime; the rest are counted. */
export const MAX_SKIPPED_LOGGED = 7;

export type SlotPlan = {
  /** The one slot to send now (missed by under 12 hours), if any. */
  sendSlot: Date | null;
  /** Missed slots to log as skipped (the latest MAX_SKIPPED_LOGGED of them). */
  skipped: Date[];
  skippedTotal: number;
  /** The rule's next occurrence after now: the new next_scheduled_at. */
  next: Date;
};

// What a scheduler run does with a due rule whose stored next run is `slot`: after downtime, one
// digest for a slot missed by under 12 hours, the older slots logged as skipped — never a burst.
export function planDueSlots(rule: ReminderRule, slot: Date, now: Date): SlotPlan {
  const cutoff = now.getTime() - MISSED_SLOT_GRACE_MS;
  const skipped: Date[] = [];
  let skippedTotal = 0;
  let at = slot;
  while (at.getTime() < cutoff) {
    skippedTotal += 1;
    skipped.push(at);
    if (skipped.length > MAX_SKIPPED_LOGGED) skipped.shift();
    at = nextOccurrenceAfter(rule, at);
    if (skippedTotal >= 1000 && at.getTime() < cutoff) {
      // Years of downtime: count the rest without walking them one by one.
      const resume = nextOccurrenceAfter(rule, new Date(cutoff - 1));
      skippedTotal += Math.max(
        0,
        Math.round((resume.getTime() - at.getTime()) / (stepDays(rule) * 86_400_000)),
      );
      at = resume;
    }
  }
  let sendSlot: Date | null = null;
  while (at.getTime() <= now.getTime()) {
    sendSlot = at;
    at = nextOccurrenceAfter(rule, at);
  }
  return { sendSlot, skipped, skippedTotal, next: at };
}
