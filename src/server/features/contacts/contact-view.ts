// What the API answers for a stored contact: its fields, its times as ISO strings, and its state
// as of today in the user's zone. One implementation for single answers (toContact) and for the
// list, which reads its times from the database as strings and never makes Date objects.
import { getTableColumns } from "drizzle-orm";
import type { Contact } from "../../../core/contacts";
import {
  addRhythm,
  dueStatusOn,
  type DueStatus,
  isoToLocalDate,
  rhythmFromColumns,
  toLocalDate,
  type LocalDate,
} from "../../../core/rhythm";
import { contacts } from "../../db/schema/index";
import { CONTACT_FIELDS } from "../../../core/contact-fields";
import { compileFunction, objectLiteral } from "../../lib/compile-object";
import { ANSWER_HELPERS, answerEntries, type ContactRow } from "./contact-columns";

/** The contact columns that hold times (timestamps), read from the table itself. */
export const CONTACT_TIME_COLUMNS = Object.entries(getTableColumns(contacts))
  .filter(([, column]) => column.columnType === "PgTimestamp")
  .map(([name]) => name as TimeColumn);

type TimeColumn = {
  [K in keyof ContactRow]: Date extends ContactRow[K] ? K : never;
}[keyof ContactRow];

/** A stored contact with its times as toISOString() writes them ("2025-01-31T23:00:00.000Z"). */
export type StoredContact = Omit<ContactRow, "userId" | TimeColumn> & {
  [K in TimeColumn]: null extends ContactRow[K] ? string | null : string;
};

// The answer as one object literal, its fields from CONTACT_FIELDS (see compile-object.ts).
const answerOf = compileFunction<(c: StoredContact, due: DueStatus, isSnoozed: boolean) => Contact>(
  ["c", "due", "isSnoozed"],
  objectLiteral([
    ["id", "c.id"],
    ...answerEntries(CONTACT_FIELDS, "c"),
    ["rhythmSetAt", "c.rhythmSetAt"],
    ["lastContactedAt", "c.lastContactedAt"],
    ["nextDueAt", "c.nextDueAt"],
    ["dueDate", "due.dueDate"],
    ["daysUntilDue", "due.daysUntilDue"],
    ["state", "due.state"],
    ["isSnoozed", "isSnoozed"],
    ["archivedAt", "c.archivedAt"],
    ["importId", "c.importId"],
    ["createdAt", "c.createdAt"],
    ["updatedAt", "c.updatedAt"],
  ]),
  ANSWER_HELPERS,
);

export type ViewContext = { now: Date; timeZone: string; today?: LocalDate };

export function storedFromRow(row: ContactRow): StoredContact {
  const { userId: _, ...stored }: Record<string, unknown> = row;
  for (const key of CONTACT_TIME_COLUMNS) stored[key] = row[key]?.toISOString() ?? null;
  return stored as unknown as StoredContact;
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

export function rowFromStored(c: StoredContact, userId: string): ContactRow {
  const row: Record<string, unknown> = { ...c, userId };
  for (const key of CONTACT_TIME_COLUMNS) {
    const value = c[key];
    row[key] = value === null ? null : new Date(value);
  }
  return row as ContactRow;
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
  const isSnoozed = Boolean(due.dueDate && naturalDue && due.dueDate > naturalDue);
  return answerOf(c, due, isSnoozed);
}
