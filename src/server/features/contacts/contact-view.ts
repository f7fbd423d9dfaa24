// What the API answers for a stored contact: its fields, its times as ISO strings, and its state
// as of today in the user's zone. One implementation for single answers (toContact) and for the
// list, which reads its times from the database as strings and never makes Date objects.
import type { Contact } from "../../../core/contacts";
import {
  addRhythm,
  dueStatusOn,
  isoToLocalDate,
  rhythmFromColumns,
  toLocalDate,
  type LocalDate,
} from "../../../core/rhythm";
import type { ContactRow } from "./contacts.service";

type TimeColumn =
  "rhythmSetAt" | "lastContactedAt" | "nextDueAt" | "archivedAt" | "createdAt" | "updatedAt";

/** A stored contact with its times as toISOString() writes them ("2025-01-31T23:00:00.000Z"). */
export type StoredContact = Omit<ContactRow, "userId" | TimeColumn> & {
  rhythmSetAt: string | null;
  lastContactedAt: string | null;
  nextDueAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ViewContext = { now: Date; timeZone: string; today?: LocalDate };

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function storedFromRow(row: ContactRow): StoredContact {
  return {
    ...row,
    rhythmSetAt: iso(row.rhythmSetAt),
    lastContactedAt: iso(row.lastContactedAt),
    nextDueAt: iso(row.nextDueAt),
    archivedAt: iso(row.archivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * "2025-01-31T23:00:00.123456" (PostgreSQL's JSON text of a UTC timestamp, trailing zeros of
 * the fraction dropped) → "2025-01-31T23:00:00.123Z", as new Date(text + "Z").toISOString()
 * would write it (it keeps whole milliseconds, dropping the rest).
 */
export function isoFromUtcText(text: string): string {
  const { length } = text;
  if (text.charCodeAt(10) === 84 /* T */ && text.charCodeAt(4) === 45 /* - */) {
    if (length === 19) return `${text}.000Z`;
    if (length > 20 && length <= 26 && text.charCodeAt(19) === 46 /* . */) {
      const ms = length >= 23 ? text.slice(20, 23) : text.slice(20).padEnd(3, "0");
      return `${text.slice(0, 19)}.${ms}Z`;
    }
  }
  return new Date(`${text}Z`).toISOString(); // a year past 9999 or before 1: Date decides
}

function toDate(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

export function rowFromStored(c: StoredContact, userId: string): ContactRow {
  return {
    ...c,
    userId,
    rhythmSetAt: toDate(c.rhythmSetAt),
    lastContactedAt: toDate(c.lastContactedAt),
    nextDueAt: toDate(c.nextDueAt),
    archivedAt: toDate(c.archivedAt),
    createdAt: new Date(c.createdAt),
    updatedAt: new Date(c.updatedAt),
  };
}

/**
 * A stored contact → the API's ContactSchema. Pass `today` (the user's day, from `now`) when
 * converting many contacts at once.
 */
export function contactFromStored(c: StoredContact, ctx: ViewContext): Contact {
  const { timeZone } = ctx;
  const rhythm = rhythmFromColumns(c.rhythmInterval, c.rhythmUnit);
  const today = ctx.today ?? toLocalDate(ctx.now, timeZone);
  const dueDate = rhythm && c.nextDueAt ? isoToLocalDate(c.nextDueAt, timeZone) : null;
  const due = dueStatusOn(rhythm, dueDate, today);
  // Where the rhythm alone puts the due day; a later stored day means a snooze moved it.
  const anchor = c.lastContactedAt ?? c.rhythmSetAt;
  const naturalDue =
    rhythm && dueDate && anchor ? addRhythm(isoToLocalDate(anchor, timeZone), rhythm) : null;
  const hasBirthday = c.birthdayDay !== null && c.birthdayMonth !== null;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    emails: c.emails,
    phones: c.phones,
    company: c.company,
    jobTitle: c.jobTitle,
    notes: c.notes,
    preferredMethod: c.preferredMethod as Contact["preferredMethod"],
    telegramUsername: c.telegramUsername,
    city: c.city,
    region: c.region,
    country: c.country,
    countryCode: c.countryCode,
    latitude: c.latitude,
    longitude: c.longitude,
    birthday: hasBirthday
      ? { day: c.birthdayDay!, month: c.birthdayMonth!, year: c.birthdayYear }
      : null,
    tags: c.tags,
    rhythm,
    rhythmSetAt: c.rhythmSetAt,
    lastContactedAt: c.lastContactedAt,
    nextDueAt: c.nextDueAt,
    dueDate: due.dueDate,
    daysUntilDue: due.daysUntilDue,
    state: due.state,
    isSnoozed: Boolean(due.dueDate && naturalDue && due.dueDate > naturalDue),
    archivedAt: c.archivedAt,
    importId: c.importId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
