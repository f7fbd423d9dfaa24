// Days in words ("yesterday", "on Monday", "in 2 weeks") read on the user's own calendar.
import * as chrono from "chrono-node";
import { dateTimeFormat } from "../date-format";

/** The user's wall clock when the reply arrived; chrono reads it as if it were UTC. */
export function userClock(receivedAt: Date, timeZone: string): Date {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(receivedAt);
  } catch {
    return new Date(receivedAt.getTime());
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")));
}

export function dayOf(clock: Date): string {
  return clock.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type ReadDay = {
  day: string;
  /** "last week", "at the weekend": a span rather than a day, so never applied unasked. */
  vague: boolean;
  /** Later today than the reply was written ("this afternoon" in the morning). */
  later: boolean;
  text: string;
};

const VAGUE = /\b(weeks?|months?|years?|weekend|recently|lately|fortnight)\b/i;

/**
 * The first day named in `text`. For what already happened (`past`), a weekday alone is the
 * latest one on or before today ("saw Bob on Friday" on a Wednesday is last Friday).
 */
export function readDay(text: string, clock: Date, past: boolean): ReadDay | null {
  const result = chrono.en.GB.parse(text, { instant: clock, timezone: 0 })[0];
  if (!result) return past ? dayOfMonth(text, clock) : null;
  const start = result.start;
  let day = dayOf(
    new Date(
      Date.UTC(start.get("year") ?? 0, (start.get("month") ?? 1) - 1, start.get("day") ?? 1),
    ),
  );
  const today = dayOf(clock);
  const vague = VAGUE.test(result.text);
  if (past && day > today && !start.isCertain("day") && (start.isCertain("weekday") || vague))
    day = addDays(day, -7);
  // "this afternoon" said in the morning is a plan, not something that happened.
  const timed = start.isCertain("hour") || /this (afternoon|evening)|tonight/i.test(result.text);
  const later = day === today && timed && start.date().getTime() > clock.getTime();
  return { day, vague, later, text: result.text };
}

/** A day and month (and year when written) for a birthday: "9 December", "born 3 March 1990". */
export function readBirthday(
  text: string,
  clock: Date,
): { day: number; month: number; year: number | null } | null {
  const result = chrono.en.GB.parse(text, { instant: clock, timezone: 0 })[0];
  if (!result || !result.start.isCertain("day") || !result.start.isCertain("month")) return null;
  const day = result.start.get("day");
  const month = result.start.get("month");
  if (!day || !month) return null;
  const year =
    result.start.isCertain("year") && /\b(18|19|20|21)\d\d\b/.test(result.text)
      ? result.start.get("year")
      : null;
  return { day, month, year: year ?? null };
}

// "on the 28th", which chrono leaves alone: the latest such day on or before today.
function dayOfMonth(text: string, clock: Date): ReadDay | null {
  const match = text.match(/\bthe (\d{1,2})(?:st|nd|rd|th)\b/i);
  const n = Number(match?.[1]);
  if (!match || n < 1 || n > 31) return null;
  const date = new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), n));
  if (date.getTime() > clock.getTime() || date.getUTCDate() !== n)
    date.setUTCMonth(date.getUTCMonth() - 1, n);
  if (date.getUTCDate() !== n) return null;
  return { day: dayOf(date), vague: false, later: false, text: match[0] };
}

/** Every day named in `text`, for telling whether a sentence speaks of more than one. */
export function readDays(text: string, clock: Date): ReadDay[] {
  return chrono.en.GB.parse(text, { instant: clock, timezone: 0 })
    .map((r) => readDay(r.text, clock, true))
    .filter((d): d is ReadDay => d !== null);
}
