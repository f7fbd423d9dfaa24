// Reading single cells: lists, labelled values, birthdays, dates, rhythms, yes/no.
import { RHYTHM_PRESETS, type Rhythm } from "../rhythm";
import { RhythmSchema } from "../rhythm-schema";

// Google joins several values in one cell with " ::: "; people use ; or , (and new lines).
export function splitList(value: string): string[] {
  return value
    .split(/\s*:::\s*|[;,\n]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

// Our export writes "work: ada@example.com; home: ada@home.example". The label is optional.
export function parseLabelled(item: string): { label?: string; value: string } {
  const match = /^([^:@+\d()]{1,40}):\s+(.+)$/.exec(item.trim());
  if (!match) return { value: item.trim() };
  return { label: cleanLabel(match[1]!), value: match[2]!.trim() };
}

// Google writes "* Home" for the primary entry, Apple "_$!<Mobile>!$_"; we keep "home", "mobile".
export function cleanLabel(label: string): string | undefined {
  const text = label
    .replace(/^\*\s*/, "")
    .replace(/^_\$!<(.*)>!\$_$/, "$1")
    .trim()
    .toLowerCase();
  return text === "" ? undefined : text.slice(0, 40);
}

// Google's system groups say nothing about the person.
const SYSTEM_TAGS = new Set(["mycontacts", "starred", "my contacts"]);

export function parseTags(value: string): string[] {
  return splitList(value)
    .map((t) => t.replace(/^\*\s*/, "").trim())
    .filter((t) => t !== "" && !SYSTEM_TAGS.has(t.toLowerCase()));
}

export type Birthday = { day: number; month: number; year: number | null };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function monthFromName(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

function isValidDay(day: number, month: number, year: number | null): boolean {
  if (!Number.isInteger(day) || !Number.isInteger(month) || month < 1 || month > 12) return false;
  // Without a year, 29 February is allowed (leap-day birthdays exist).
  const days = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
  return day >= 1 && day <= days;
}

function build(day: number, month: number, year: number | null): Birthday | undefined {
  if (year !== null && (year < 1800 || year > 2200)) return undefined;
  return isValidDay(day, month, year) ? { day, month, year } : undefined;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length !== 2) return year;
  // Two-digit years: a birthday is in the past, so "85" is 1985 and "07" is 2007.
  const now = new Date().getUTCFullYear() % 100;
  return year > now ? 1900 + year : 2000 + year;
}

/**
 * A birthday with or without year. Returns null for an empty cell, undefined when the text is
 * not a date. Slash dates are month first (Outlook, US) unless the first number is above 12.
 */
export function parseBirthday(value: string): Birthday | null | undefined {
  const text = value.trim();
  // Outlook writes 0/0/00 for "no birthday".
  if (text === "" || /^0?0[/.-]0?0[/.-]0{2,4}$/.test(text)) return null;
  let m = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ].*)?$/.exec(text);
  if (m) return build(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return build(Number(m[3]), Number(m[2]), Number(m[1]));
  // ISO 8601 without year: --MM-DD or --MMDD (Google, vCard 4.0).
  m = /^--(\d{2})-?(\d{2})$/.exec(text);
  if (m) return build(Number(m[2]), Number(m[1]), null);
  m = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const year = m[3] ? fullYear(m[3]) : null;
    return a > 12 ? build(a, b, year) : build(b, a, year);
  }
  // Day first with dots (12.04.1985), as written in much of Europe.
  m = /^(\d{1,2})\.(\d{1,2})\.(?:(\d{2}|\d{4}))?$/.exec(text);
  if (m) return build(Number(m[1]), Number(m[2]), m[3] ? fullYear(m[3]) : null);
  // "12 April 1985", "12 Apr", "April 12, 1985", "Apr 12".
  m = /^(\d{1,2})\s+([a-z]{3,})\.?,?(?:\s+(\d{4}))?$/i.exec(text);
  if (m) {
    const month = monthFromName(m[2]!);
    return month ? build(Number(m[1]), month, m[3] ? Number(m[3]) : null) : undefined;
  }
  m = /^([a-z]{3,})\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?$/i.exec(text);
  if (m) {
    const month = monthFromName(m[1]!);
    return month ? build(Number(m[2]), month, m[3] ? Number(m[3]) : null) : undefined;
  }
  return undefined;
}

export function formatBirthday(b: Birthday): string {
  const mm = String(b.month).padStart(2, "0");
  const dd = String(b.day).padStart(2, "0");
  return b.year === null ? `--${mm}-${dd}` : `${String(b.year).padStart(4, "0")}-${mm}-${dd}`;
}

/** An instant: ISO 8601 (our export), or a plain date taken as midnight UTC. */
export function parseInstant(value: string): Date | null | undefined {
  const text = value.trim();
  if (text === "") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const TRUE_WORDS = new Set(["yes", "y", "true", "1", "archived", "x"]);
const FALSE_WORDS = new Set(["", "no", "n", "false", "0"]);

/** Archived: yes/no, or the date it was archived (our export). */
export function parseArchived(value: string, now: Date): Date | null | undefined {
  const text = value.trim().toLowerCase();
  if (FALSE_WORDS.has(text)) return null;
  if (TRUE_WORDS.has(text)) return now;
  return parseInstant(value) ?? undefined;
}

const RHYTHM_WORDS: Record<string, Rhythm | null> = {
  "": null,
  none: null,
  "no rhythm": null,
  daily: { interval: 1, unit: "day" },
  biweekly: { interval: 2, unit: "week" },
  fortnightly: { interval: 2, unit: "week" },
  "every other week": { interval: 2, unit: "week" },
  "twice a year": { interval: 6, unit: "month" },
  "semi-annually": { interval: 6, unit: "month" },
  semiannually: { interval: 6, unit: "month" },
  annually: { interval: 1, unit: "year" },
  annual: { interval: 1, unit: "year" },
};

/** "Weekly", "Every 2 weeks", "Quarterly", "every 10 days", "3-month"; null for none. */
export function parseRhythmText(value: string): Rhythm | null | undefined {
  const text = value.trim().toLowerCase().replace(/\s+/g, " ");
  if (text in RHYTHM_WORDS) return RHYTHM_WORDS[text];
  const preset = RHYTHM_PRESETS.find((p) => p.label.toLowerCase() === text || p.key === text);
  if (preset) return { ...preset.rhythm };
  const m =
    /^every (\d{1,4} )?(day|week|month|year)s?$/.exec(text) ??
    /^(\d{1,4})[- ](day|week|month|year)s?$/.exec(text);
  if (!m) return undefined;
  const parsed = RhythmSchema.safeParse({ interval: Number(m[1]?.trim() ?? 1), unit: m[2] });
  return parsed.success ? parsed.data : undefined;
}

export function parseCoordinate(value: string, max: number): number | null | undefined {
  const text = value.trim();
  if (text === "") return null;
  const n = Number(text.replace(",", "."));
  return Number.isFinite(n) && Math.abs(n) <= max ? n : undefined;
}
