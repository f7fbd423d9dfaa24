// What an import leaves out, counted by kind across the file ("3 birthdays, 2 email addresses
// left out"), from the notes on each row.
import { formatCount } from "../plural";
import { IMPORT_FIELD_LABELS, type ImportField } from "./import-fields";
import type { RowError } from "./map-row";

export type LeftOutCount = { field: ImportField | null; count: number };

const FORMS: Partial<Record<ImportField, { one: string; other: string }>> = {
  firstName: { one: "first name", other: "first names" },
  lastName: { one: "last name", other: "last names" },
  email: { one: "email address", other: "email addresses" },
  phone: { one: "phone number", other: "phone numbers" },
  birthday: { one: "birthday", other: "birthdays" },
  rhythm: { one: "rhythm", other: "rhythms" },
  tags: { one: "tag", other: "tags" },
  notes: { one: "note", other: "notes" },
  preferredMethod: { one: "way to get in touch", other: "ways to get in touch" },
  telegramUsername: { one: "Telegram username", other: "Telegram usernames" },
  countryCode: { one: "country code", other: "country codes" },
  lastContactedAt: { one: "last contact date", other: "last contact dates" },
  nextDueAt: { one: "next due date", other: "next due dates" },
  archived: { one: "archived mark", other: "archived marks" },
  photo: { one: "photo", other: "photos" },
  related: { one: "link to a related person", other: "links to related people" },
};

function formsOf(field: ImportField | null): { one: string; other: string } {
  if (!field) return { one: "other value", other: "other values" };
  const known = FORMS[field];
  if (known) return known;
  const label = (IMPORT_FIELD_LABELS[field] ?? field).toLowerCase();
  return { one: `${label} value`, other: `${label} values` };
}

/** Values left out of rows that are imported, by field, most first (a stand-in name is no loss). */
export function countLeftOut(rows: readonly { warnings: readonly RowError[] }[]): LeftOutCount[] {
  const counts = new Map<ImportField | null, number>();
  for (const row of rows) {
    for (const note of row.warnings) {
      if (note.isStandInName) continue;
      counts.set(note.field, (counts.get(note.field) ?? 0) + 1);
    }
  }
  return [...counts].map(([field, count]) => ({ field, count })).sort((a, b) => b.count - a.count);
}

/** "3 birthdays, 2 email addresses and 1 phone number left out", or null when nothing is. */
export function describeLeftOut(counts: readonly LeftOutCount[]): string | null {
  const parts = counts.map((c) => formatCount(c.count, formsOf(c.field)));
  if (parts.length === 0) return null;
  const list =
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
  return `${list} left out`;
}
