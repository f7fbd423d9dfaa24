// Last contact and today as a person reads them, in the user's time zone, relative to the
// server's "today"; the dates themselves are written by lib/format-date.ts.
import { TZDate } from "@date-fns/tz";
import { daysBetween, toLocalDate, type LocalDate } from "../../../../core/rhythm";
import { formatDay, RELATIVE_DAYS_MAX, relativeTime } from "../../../lib/format-date";

/** "Today", "Yesterday", "5 days ago", or the date once it is more than a month back. */
export function describeLastContact(
  lastContactedAt: string | null,
  ctx: { today: LocalDate; timeZone: string },
): string {
  if (!lastContactedAt) return "Never";
  const day = toLocalDate(new Date(lastContactedAt), ctx.timeZone);
  const ago = daysBetween(day, ctx.today);
  if (ago > RELATIVE_DAYS_MAX) return formatDay(day);
  // "today", "yesterday", "5 days ago"; a sentence starts with a capital.
  const text = relativeTime().format(-Math.max(ago, 0), "day");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The same as a short sentence for narrow rows: "Contacted 5 days ago", "Contacted today",
 * "Never contacted" (at most 21 characters, so it fits a 320 px wide phone untruncated).
 */
export function describeLastContactShort(
  lastContactedAt: string | null,
  ctx: { today: LocalDate; timeZone: string },
): string {
  if (!lastContactedAt) return "Never contacted";
  const when = describeLastContact(lastContactedAt, ctx);
  return `Contacted ${when === "Today" || when === "Yesterday" ? when.toLowerCase() : when}`;
}

/** Today in the browser for a zone (detail pages that have no list answer at hand). */
export function browserToday(timeZone: string): LocalDate {
  return toLocalDate(new Date(), timeZone);
}

/** A datetime-local input value (YYYY-MM-DDTHH:mm) for an instant on the wall clock of a zone. */
export function toDateTimeLocal(iso: string | Date, timeZone: string): string {
  const d = new TZDate(new Date(iso).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names on the wall clock of a zone; null when it is not one. */
export function fromDateTimeLocal(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime());
  return Number.isNaN(at.getTime()) ? null : at;
}
