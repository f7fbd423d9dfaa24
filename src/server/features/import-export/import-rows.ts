// Between stored contact rows and the importer's terms: a row as ContactInput (for duplicate
// checks and merges), and the snapshots that let undo put merged contacts back.
import type { ExistingContact } from "../../../core/import/plan-import";
import { contactValuesFromInput, inputFromRow, type ContactRow } from "../contacts/contacts.public";

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
  const snapshot: ContactSnapshot = {
    ...contactValuesFromInput(inputFromRow(row)),
    photoKey: row.photoKey,
    rhythmTag: row.rhythmTag,
  };
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
