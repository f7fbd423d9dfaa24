// Dates as a person reads them, in the user's time zone, relative to the server's "today".
import { daysBetween, toLocalDate, type LocalDate } from "../../../../core/rhythm";
import { formatAbsoluteDate, RELATIVE_DAYS_MAX, relativeTime } from "../../../lib/format-date";

// Month names from Intl, in the app's language (English, as all its copy), made on first use
// (Intl's constructors are slow, decision 214).
const LOCALE = "en-US";
const monthNameLists = new Map<"long" | "short", string[]>();
function monthNames(month: "long" | "short"): string[] {
  let names = monthNameLists.get(month);
  if (!names) {
    const format = new Intl.DateTimeFormat(LOCALE, { month, timeZone: "UTC" });
    names = Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)));
    monthNameLists.set(month, names);
  }
  return names;
}
/** "January" … "December". */
export function longMonthNames(): string[] {
  return monthNames("long");
}

/** "3 Mar 2025" from YYYY-MM-DD, without a time zone shifting the day. */
export function formatLocalDate(date: LocalDate): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${monthNames("short")[(m ?? 1) - 1]} ${y}`;
}

/** "3 Mar 2025, 2:05 PM" in the user's zone (the app's absolute style, lib/format-date.ts). */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatAbsoluteDate(iso, { timeZone, withTime: true });
}

/** "Today", "Yesterday", "5 days ago", or the date once it is more than a month back. */
export function describeLastContact(
  lastContactedAt: string | null,
  ctx: { today: LocalDate; timeZone: string },
): string {
  if (!lastContactedAt) return "Never";
  const day = toLocalDate(new Date(lastContactedAt), ctx.timeZone);
  const ago = daysBetween(day, ctx.today);
  if (ago > RELATIVE_DAYS_MAX) return formatLocalDate(day);
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

/** A datetime-local input value (YYYY-MM-DDTHH:mm) for an instant in the browser's zone. */
export function toDateTimeLocal(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
