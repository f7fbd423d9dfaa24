// Between a contact's fields (CONTACT_FIELDS, src/core/contact-fields.ts) and its columns. Most
// fields are one column of the same name; a field's kind says the rest: names are stored as ""
// and sent as null when empty, a birthday is <key>Day/<key>Month/<key>Year, a rhythm
// <key>Interval/<key>Unit. Every mapper walks the definition, so a new field needs no code here.
import {
  CONTACT_FIELDS,
  listContactFields,
  type ContactFieldDefinitions,
} from "../../../core/contact-fields";
import type { ContactInput, ContactPatch } from "../../../core/contacts";
import { rhythmFromColumns, type Rhythm } from "../../../core/rhythm";
import type { contacts } from "../../db/schema/index";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactValues = Omit<
  typeof contacts.$inferInsert,
  "id" | "userId" | "createdAt" | "updatedAt"
>;
type Columns = Record<string, unknown>;
type Birthday = { day: number; month: number; year: number | null };

const FIELDS = listContactFields(CONTACT_FIELDS);

function writeField(field: (typeof FIELDS)[number], value: unknown, into: Columns): void {
  const { key, kind } = field;
  if (kind === "name") {
    into[key] = value ?? "";
  } else if (kind === "birthday") {
    const birthday = value as Birthday | null;
    into[`${key}Day`] = birthday?.day ?? null;
    into[`${key}Month`] = birthday?.month ?? null;
    into[`${key}Year`] = birthday?.year ?? null;
  } else if (kind === "rhythm") {
    const rhythm = value as Rhythm | null;
    into[`${key}Interval`] = rhythm?.interval ?? null;
    into[`${key}Unit`] = rhythm?.unit ?? null;
  } else {
    into[key] = value;
  }
}

/** Input fields → column values (everything but ids, ownership, times and due dates). */
export function contactValuesFromInput(input: ContactPatch): Partial<ContactValues> {
  const values: Columns = {};
  for (const field of FIELDS) {
    const value = (input as Columns)[field.key];
    if (value !== undefined) writeField(field, value, values);
  }
  return values;
}

/** A field's value as the API answers it, from the stored columns. */
function answerField(field: { key: string; kind: string }, row: Columns): unknown {
  const { key, kind } = field;
  if (kind === "birthday") {
    const [day, month, year] = ["Day", "Month", "Year"].map((part) => row[key + part]);
    return day === null || month === null ? null : { day, month, year };
  }
  if (kind === "rhythm") {
    return rhythmFromColumns(
      row[`${key}Interval`] as number | null,
      row[`${key}Unit`] as string | null,
    );
  }
  return row[key];
}

/** The fields of `fields` as the API answers them, from stored columns. */
export function answerFieldsFor(fields: ContactFieldDefinitions): (row: Columns) => Columns {
  const list = listContactFields(fields);
  return (row) => Object.fromEntries(list.map((field) => [field.key, answerField(field, row)]));
}

/**
 * Stored columns → the fields as a person would send them (duplicate checks, merges, undo): names
 * stored as "" are null, the rest reads as the API answers it.
 */
export function inputFromRow(row: ContactRow): ContactInput {
  const columns = row as unknown as Columns;
  const entries = FIELDS.map((field) => {
    const value = answerField(field, columns);
    return [field.key, field.kind === "name" ? value || null : value];
  });
  return Object.fromEntries(entries) as ContactInput;
}
