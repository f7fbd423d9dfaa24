// The one way the web app writes a date, a time and a time zone (decision 276): English words in
// the order and clock of the browser's locale ("2 Dec 2026, 14:05" for en-GB, "Dec 2, 2026,
// 2:05 PM" for en-US), relative while recent ("just now", "5 minutes ago", "yesterday",
// "20 days ago"), and a zone named by its city ("Lisbon time", or "UTC").
import type { LocalDate } from "../../core/rhythm";

/** Relative for a month back (as "last contacted" always was), then absolute. */
export const RELATIVE_DAYS_MAX = 30;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const FALLBACK_LOCALE = "en-US";

type ZoneOption = { timeZone?: string };

let locale: string | undefined;
// Made on first use, not when the module loads: Intl's constructors are slow (tens of
// milliseconds on a slow phone), and a page that loads this module may not format a date before
// its first paint.
const formats = new Map<string, Intl.DateTimeFormat>();
let relative: Intl.RelativeTimeFormat | undefined;

/**
 * The locale dates are written in: the browser's own when it is English, otherwise English as
 * written in the browser's region (a de-DE browser gets en-DE: "2 Dec 2026, 14:05"), so the
 * words stay those of the app's copy.
 */
export function resolveDateLocale(tag: string | undefined): string {
  if (!tag) return FALLBACK_LOCALE;
  try {
    const asked = new Intl.Locale(tag);
    if (asked.language === "en") return Intl.getCanonicalLocales(tag)[0] ?? FALLBACK_LOCALE;
    const region = asked.maximize().region;
    const english = region ? `en-${region}` : FALLBACK_LOCALE;
    if (new Intl.DateTimeFormat(english).resolvedOptions().locale === english) return english;
    // English has no data for that region: keep at least the region's clock.
    const isDayClock = new Intl.DateTimeFormat(tag, { hour: "numeric" }).resolvedOptions()
      .hourCycle;
    return isDayClock === "h23" || isDayClock === "h24" ? "en-150" : FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/** Writes dates for `tag` (a browser language) from now on; the server's render sets it. */
export function setDateLocale(tag: string | undefined): void {
  const next = resolveDateLocale(tag);
  if (next === locale) return;
  locale = next;
  formats.clear();
  relative = undefined;
}

function dateLocale(): string {
  if (locale === undefined) {
    setDateLocale(typeof navigator === "undefined" ? undefined : navigator.language);
  }
  return locale as string;
}

function format(
  kind: "date" | "dateTime" | "time",
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const current = dateLocale();
  const key = `${kind} ${timeZone ?? ""}`;
  let cached = formats.get(key);
  if (!cached) {
    // The locale's own medium date and short time: "2 Dec 2026, 09:05" or "Dec 2, 2026, 9:05 AM".
    const parts: Intl.DateTimeFormatOptions =
      kind === "date"
        ? { dateStyle: "medium" }
        : kind === "dateTime"
          ? { dateStyle: "medium", timeStyle: "short" }
          : { timeStyle: "short" };
    cached = new Intl.DateTimeFormat(current, { ...parts, timeZone: safeZone(timeZone) });
    formats.set(key, cached);
  }
  return cached;
}

/** Writes `value` with `kind`'s format; nothing for a value that is not a date. */
function write(
  kind: Parameters<typeof format>[0],
  value: string | Date | number,
  timeZone?: string,
) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : format(kind, timeZone).format(date);
}

function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(FALLBACK_LOCALE, { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** "yesterday", "5 days ago", "in 2 hours": the app's relative wording. */
export function relativeTime(): Intl.RelativeTimeFormat {
  return (relative ??= new Intl.RelativeTimeFormat(dateLocale(), { numeric: "auto" }));
}

/** "2 Dec 2026" (en-GB) or "Dec 2, 2026" (en-US): the day of an instant in `timeZone`. */
export function formatDate(value: string | Date, options: ZoneOption = {}): string {
  return write("date", value, options.timeZone);
}

/** A calendar day (YYYY-MM-DD) written as `formatDate` writes one, never shifted by a zone. */
export function formatDay(day: LocalDate): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return write("date", Date.UTC(y, m - 1, d), "UTC");
}

/**
 * "2 Dec 2026, 14:05" (en-GB) or "Dec 2, 2026, 2:05 PM" (en-US); with `withZone`, the zone's
 * label after it ("…, 14:05 Lisbon time").
 */
export function formatDateTime(
  value: string | Date,
  options: ZoneOption & { withZone?: boolean } = {},
): string {
  const text = write("dateTime", value, options.timeZone);
  return text && options.withZone && options.timeZone
    ? `${text} ${formatZone(options.timeZone)}`
    : text;
}

/** "14:05" (en-GB) or "2:05 PM" (en-US). */
export function formatTime(value: string | Date, options: ZoneOption = {}): string {
  return write("time", value, options.timeZone);
}

/** A whole hour of the day, 0–23: "09:00" (en-GB) or "9:00 AM" (en-US). */
export function formatHour(hour: number): string {
  return write("time", Date.UTC(2000, 0, 1, hour), "UTC");
}

/**
 * The one label of a time zone: its city as the zone's name gives it ("Lisbon time", "New York
 * time"), or "UTC". A city does not change with summer time or read as another zone, as "GMT+0"
 * and "EST" do.
 */
export function formatZone(timeZone: string): string {
  if (/^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu|Greenwich)(0|[+-]0)?$/i.test(timeZone)) return "UTC";
  const fixed = /^Etc\/GMT([+-])(\d+)$/.exec(timeZone);
  // Etc zones count the other way: Etc/GMT+5 is five hours behind UTC.
  if (fixed) return `UTC${fixed[1] === "+" ? "−" : "+"}${fixed[2]}`;
  const city = timeZone.split("/").pop() ?? timeZone;
  return `${city.replaceAll("_", " ")} time`;
}

function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: safeZone(timeZone),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / (24 * HOUR_MS));
}

/** The absolute form: the date, or the date and time. */
export function formatAbsolute(
  value: string | Date,
  options: ZoneOption & { withTime?: boolean } = {},
): string {
  return options.withTime ? formatDateTime(value, options) : formatDate(value, options);
}

/** Relative while recent, absolute once older than a month (or in the future). */
export function formatWhen(
  value: string | Date,
  options: { now?: Date; timeZone?: string; withTime?: boolean } = {},
): string {
  const date = new Date(value);
  const now = options.now ?? new Date();
  const ago = now.getTime() - date.getTime();
  if (ago < -MINUTE_MS) return formatAbsolute(date, options);
  if (ago < MINUTE_MS) return "just now";
  if (ago < HOUR_MS) return relativeTime().format(-Math.floor(ago / MINUTE_MS), "minute");
  const days = dayNumber(now, options.timeZone) - dayNumber(date, options.timeZone);
  if (days === 0) return relativeTime().format(-Math.floor(ago / HOUR_MS), "hour");
  if (days <= RELATIVE_DAYS_MAX) return relativeTime().format(-days, "day");
  return formatAbsolute(date, options);
}

/** The same with a capital, to start a sentence or stand alone in a row. */
export function formatWhenCapitalized(...args: Parameters<typeof formatWhen>): string {
  const text = formatWhen(...args);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "January" … "December", for a birthday's month. */
export function monthNames(): string[] {
  const month = new Intl.DateTimeFormat(dateLocale(), { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, i) => month.format(Date.UTC(2000, i, 1)));
}

/** A birthday: "3 March" or "3 March 1990" (en-GB), "March 3" or "March 3, 1990" (en-US). */
export function formatBirthday(birthday: { day: number; month: number; year?: number | null }) {
  const { day, month, year } = birthday;
  // A leap year, so 29 February exists when no year is known.
  const date = new Date(Date.UTC(2000, month - 1, day));
  if (year) date.setUTCFullYear(year, month - 1, day);
  return new Intl.DateTimeFormat(dateLocale(), {
    day: "numeric",
    month: "long",
    year: year ? "numeric" : undefined,
    timeZone: "UTC",
  }).format(date);
}
