// Rhythms: how often to reach out to someone, when they are next due, and whether they are on
// track, due soon or overdue. Due dates are calendar days in the user's time zone.
// No zod here: the contact list's page imports these rules (RhythmSchema: rhythm-schema.ts).
import { TZDate } from "@date-fns/tz";
import { UTCDateMini } from "@date-fns/utc/date/mini";
import {
  addDays as addCalendarDays,
  addMonths as addCalendarMonths,
  differenceInCalendarDays,
  format,
} from "date-fns";

export const RHYTHM_UNITS = ["day", "week", "month", "year"] as const;
export type RhythmUnit = (typeof RHYTHM_UNITS)[number];

// Largest interval per unit: about two years, so a typo cannot hide someone for a century.
export const RHYTHM_MAX_INTERVAL: Record<RhythmUnit, number> = {
  day: 730,
  week: 104,
  month: 24,
  year: 2,
};

export const NOMINAL_DAYS: Record<RhythmUnit, number> = { day: 1, week: 7, month: 30, year: 365 };

// "Due soon" starts this many days before the due date at most, and at most 20 % of
// the interval before it.
export const DUE_SOON_MAX_DAYS = 7;
export const DUE_SOON_SHARE = 0.2;

export type Rhythm = { interval: number; unit: RhythmUnit };

export const RHYTHM_PRESETS = [
  { key: "weekly", label: "Weekly", rhythm: { interval: 1, unit: "week" } },
  { key: "biweekly", label: "Every 2 weeks", rhythm: { interval: 2, unit: "week" } },
  { key: "monthly", label: "Monthly", rhythm: { interval: 1, unit: "month" } },
  { key: "quarterly", label: "Quarterly", rhythm: { interval: 3, unit: "month" } },
  { key: "twice-a-year", label: "Twice a year", rhythm: { interval: 6, unit: "month" } },
  { key: "yearly", label: "Yearly", rhythm: { interval: 1, unit: "year" } },
] as const satisfies readonly { key: string; label: string; rhythm: Rhythm }[];

export const DUE_STATES = ["overdue", "due_soon", "on_track", "no_rhythm"] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DUE_STATE_LABELS: Record<DueState, string> = {
  overdue: "Overdue",
  due_soon: "Due soon",
  on_track: "On track",
  no_rhythm: "No rhythm",
};

export function isSameRhythm(a: Rhythm | null, b: Rhythm | null): boolean {
  if (!a || !b) return a === b;
  return a.interval === b.interval && a.unit === b.unit;
}

/** A stable string for a rhythm ("1-week", "3-month"), or "none"; used in filters and URLs. */
export function rhythmKey(rhythm: Rhythm | null): string {
  return rhythm ? `${rhythm.interval}-${rhythm.unit}` : "none";
}

export function parseRhythmKey(key: string): Rhythm | null | undefined {
  if (key === "none") return null;
  const match = /^(\d{1,4})-(day|week|month|year)$/.exec(key);
  if (!match) return undefined;
  // RhythmSchema's bounds (rhythm-schema.ts), checked by hand to keep zod out of this module.
  const interval = Number(match[1]);
  const unit = match[2] as RhythmUnit;
  return interval >= 1 && interval <= RHYTHM_MAX_INTERVAL[unit] ? { interval, unit } : undefined;
}

export function describeRhythm(rhythm: Rhythm | null): string {
  if (!rhythm) return "No rhythm";
  const preset = RHYTHM_PRESETS.find((p) => isSameRhythm(p.rhythm, rhythm));
  if (preset) return preset.label;
  if (rhythm.interval === 1) return `Every ${rhythm.unit}`;
  return `Every ${rhythm.interval} ${rhythm.unit}s`;
}

export function rhythmFromColumns(
  interval: number | null | undefined,
  unit: string | null | undefined,
): Rhythm | null {
  if (!interval || !unit || !(RHYTHM_UNITS as readonly string[]).includes(unit)) return null;
  return { interval, unit: unit as RhythmUnit };
}

// ---------------------------------------------------------------- calendar days (YYYY-MM-DD)

export type LocalDate = string;

// Intl's constructor is slow, and a user's zone is asked about again and again.
const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(timeZone: string): boolean {
  let isValid = zoneValidity.get(timeZone);
  if (isValid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      isValid = true;
    } catch {
      isValid = false;
    }
    if (zoneValidity.size < 1000) zoneValidity.set(timeZone, isValid);
  }
  return isValid;
}

/** The calendar day an instant falls on in a time zone (an unknown zone counts as UTC). */
export function toLocalDate(instant: Date, timeZone: string): LocalDate {
  const inZone = new TZDate(instant, timeZone);
  return format(Number.isNaN(inZone.getTime()) ? new UTCDateMini(instant) : inZone, "yyyy-MM-dd");
}

/** The instant a calendar day starts in a time zone (the first existing minute on DST days). */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  const [year, month, dayOfMonth] = date.split("-").map(Number) as [number, number, number];
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  return new Date(new TZDate(year, month - 1, dayOfMonth, zone).getTime());
}

// A calendar day has no zone: its arithmetic is done on UTC dates.
const utc = (date: LocalDate) => new UTCDateMini(`${date}T00:00:00Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(date: LocalDate, days: number): LocalDate {
  return day(addCalendarDays(utc(date), days));
}

/** Adds calendar months; a day past the end of the target month becomes its last day. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  return day(addCalendarMonths(utc(date), months));
}

export function daysBetween(from: LocalDate, to: LocalDate): number {
  return differenceInCalendarDays(utc(to), utc(from));
}

export function addRhythm(date: LocalDate, rhythm: Rhythm): LocalDate {
  switch (rhythm.unit) {
    case "day":
      return addDays(date, rhythm.interval);
    case "week":
      return addDays(date, rhythm.interval * 7);
    case "month":
      return addMonths(date, rhythm.interval);
    case "year":
      return addMonths(date, rhythm.interval * 12);
  }
}

// ---------------------------------------------------------------- due dates and states

export type DueInput = {
  rhythm: Rhythm | null;
  lastContactedAt: Date | null;
  /** When the rhythm was set; anchors the first due date of someone never contacted. */
  rhythmSetAt: Date | null;
  timeZone: string;
};

/** The calendar day someone is next due: the anchor's local day plus the rhythm. */
export function computeNextDueDate(input: DueInput): LocalDate | null {
  const anchor = input.lastContactedAt ?? input.rhythmSetAt;
  if (!input.rhythm || !anchor) return null;
  return addRhythm(toLocalDate(anchor, input.timeZone), input.rhythm);
}

/** The stored form of the next due date: the instant that day starts in the user's zone. */
export function computeNextDueAt(input: DueInput): Date | null {
  const date = computeNextDueDate(input);
  return date ? startOfLocalDate(date, input.timeZone) : null;
}

/** Days before the due date when someone becomes "due soon". */
export function dueSoonWindowDays(rhythm: Rhythm): number {
  const intervalDays = rhythm.interval * NOMINAL_DAYS[rhythm.unit];
  return Math.min(DUE_SOON_MAX_DAYS, intervalDays * DUE_SOON_SHARE);
}

export type DueStatus = {
  state: DueState;
  /** The due day in the user's zone, or null without a rhythm. */
  dueDate: LocalDate | null;
  /** Whole days from today until the due day (negative when overdue). */
  daysUntilDue: number | null;
};

export function computeDueStatus(input: {
  rhythm: Rhythm | null;
  nextDueAt: Date | null;
  today: LocalDate;
  timeZone: string;
}): DueStatus {
  const dueDate = input.nextDueAt ? toLocalDate(input.nextDueAt, input.timeZone) : null;
  return dueStatusOn(input.rhythm, dueDate, input.today);
}

/** computeDueStatus from the due day itself (null without a stored due date). */
export function dueStatusOn(
  rhythm: Rhythm | null,
  dueDate: LocalDate | null,
  today: LocalDate,
): DueStatus {
  if (!rhythm || !dueDate) return { state: "no_rhythm", dueDate: null, daysUntilDue: null };
  const daysUntilDue = daysBetween(today, dueDate);
  const state: DueState =
    daysUntilDue < 0
      ? "overdue"
      : daysUntilDue <= dueSoonWindowDays(rhythm)
        ? "due_soon"
        : "on_track";
  return { state, dueDate, daysUntilDue };
}

/** "Due today", "Due tomorrow", "Due in 5 days", "1 day overdue", "12 days overdue". */
export function describeDue(status: DueStatus): string {
  const days = status.daysUntilDue;
  if (days === null) return "No rhythm";
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  if (days > 1) return `Due in ${days} days`;
  return days === -1 ? "1 day overdue" : `${-days} days overdue`;
}
