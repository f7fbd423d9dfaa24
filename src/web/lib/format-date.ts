// The one date style of the app (issue 14): relative while recent ("just now", "5 minutes ago",
// "yesterday", "20 days ago"), then absolute with the year ("3 Mar 2025"), the same on every
// screen. Future dates (a renewal, a trial's end) are always absolute.
const LOCALE = "en-US";
/** Relative for a month back (as "last contacted" always was), then absolute. */
export const RELATIVE_DAYS_MAX = 30;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// Made on first use, not when the module loads: Intl's constructors are slow (tens of
// milliseconds on a slow phone), and a page that loads this module may not format a date before
// its first paint (decision 214).
let relative: Intl.RelativeTimeFormat | undefined;

/** "yesterday", "5 days ago", "in 2 hours": the app's relative wording, in its language. */
export function relativeTime(): Intl.RelativeTimeFormat {
  return (relative ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" }));
}

function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / (24 * HOUR_MS));
}

/** "3 Mar 2025", or "3 Mar 2025, 14:05" with the time. */
export function formatAbsoluteDate(
  value: string | Date,
  options: { timeZone?: string; withTime?: boolean } = {},
): string {
  const date = new Date(value);
  const day = new Intl.DateTimeFormat("en-GB", {
    timeZone: options.timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(date);
  if (!options.withTime) return day;
  const time = new Intl.DateTimeFormat(LOCALE, {
    timeZone: options.timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
  return `${day}, ${time}`;
}

/** Relative while recent, absolute with the year once older (or in the future). */
export function formatWhen(
  value: string | Date,
  options: { now?: Date; timeZone?: string; withTime?: boolean } = {},
): string {
  const date = new Date(value);
  const now = options.now ?? new Date();
  const ago = now.getTime() - date.getTime();
  if (ago < -MINUTE_MS) return formatAbsoluteDate(date, options);
  if (ago < MINUTE_MS) return "just now";
  if (ago < HOUR_MS) return relativeTime().format(-Math.floor(ago / MINUTE_MS), "minute");
  const days = dayNumber(now, options.timeZone) - dayNumber(date, options.timeZone);
  if (days === 0) return relativeTime().format(-Math.floor(ago / HOUR_MS), "hour");
  if (days <= RELATIVE_DAYS_MAX) return relativeTime().format(-days, "day");
  return formatAbsoluteDate(date, options);
}

/** The same with a capital, to start a sentence or stand alone in a row. */
export function formatWhenCapitalized(...args: Parameters<typeof formatWhen>): string {
  const text = formatWhen(...args);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
