// Between stored contact rows and the importer's terms: a row as ContactInput (for duplicate
// checks and merges), and the snapshots that let undo put merged contacts back.
import type { ContactInput, ContactMethod } from "../../../core/contacts";
import type { ExistingContact } from "../../../core/import/plan-import";
import { contactValuesFromInput, rhythmOf, type ContactRow } from "../contacts/contacts.service";

export function inputFromRow(row: ContactRow): ContactInput {
  const hasBirthday = row.birthdayDay !== null && row.birthdayMonth !== null;
  return {
    firstName: row.firstName || null,
    lastName: row.lastName || null,
    emails: row.emails,
    phones: row.phones,
    company: row.company,
    jobTitle: row.jobTitle,
    notes: row.notes,
    preferredMethod: row.preferredMethod as ContactMethod | null,
    telegramUsername: row.telegramUsername,
    city: row.city,
    region: row.region,
    country: row.country,
    countryCode: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    birthday: hasBirthday
      ? { day: row.birthdayDay!, month: row.birthdayMonth!, year: row.birthdayYear }
      : null,
    tags: row.tags,
    rhythm: rhythmOf(row),
  };
}

export function existingFromRow(row: ContactRow): ExistingContact {
  return {
    id: row.id,
    name: [row.firstName, row.lastName].filter(Boolean).join(" ") || "Unnamed",
    contact: inputFromRow(row),
  };
}

/** The columns an import may change on an existing contact, as JSON-safe values. */
export type ContactSnapshot = Record<string, unknown>;
const DATE_COLUMNS = ["rhythmSetAt", "lastContactedAt", "nextDueAt"] as const;

export function snapshotOf(row: ContactRow): ContactSnapshot {
  const snapshot: ContactSnapshot = { ...contactValuesFromInput(inputFromRow(row)) };
  for (const key of DATE_COLUMNS) snapshot[key] = row[key]?.toISOString() ?? null;
  return snapshot;
}

/** Snapshot values → column values (dates revived). */
export function valuesFromSnapshot(snapshot: ContactSnapshot): Partial<ContactRow> {
  const values: Record<string, unknown> = { ...snapshot };
  for (const key of DATE_COLUMNS) {
    const value = snapshot[key];
    values[key] = typeof value === "string" ? new Date(value) : null;
  }
  return values;
}

/** What `imports.merged_snapshots` holds per merged contact. */
export type MergeSnapshot = { id: string; before: ContactSnapshot; after: ContactSnapshot };

export function isSameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
