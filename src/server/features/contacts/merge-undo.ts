// What a merge records so that undo puts everything back exactly: each removed copy's row whole,
// the kept contact's row as it was, and where every moved history entry and reference came from.
import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { STALE_UNDO_MESSAGE } from "../../../core/interactions";
import type { Tx } from "../../db/client";
import {
  contacts,
  householdMembers,
  households,
  interactions,
  reminderDeliveries,
  replyActions,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { ContactRow } from "./contact-columns";
import { countHistory, findContactRow } from "./contacts.queries";
import { assertContactCapacity } from "./contacts.service";
import { restoreRelationships, type StoredRelationship } from "./relationships.queries";

/** A contacts row as JSON (times as ISO strings). */
export type StoredContact = Record<string, unknown>;

export type MergeRecord = {
  /** The kept contact before the merge, and its updatedAt right after. */
  kept: StoredContact;
  keptAfter: string;
  removed: StoredContact[];
  /** Each moved history entry and the copy it was on. */
  interactions: { id: string; contactId: string }[];
  /** How many history entries the kept contact had right after the merge. */
  historyCount: number;
  replyActions: { id: string; contactId: string | null; candidateIds: string[] }[];
  deliveries: { id: string; contactIds: string[] }[];
  /** The household each of the contacts was in before (absent in merges recorded before households). */
  households?: { contactId: string; householdId: string }[];
  /** Every relationship that named a copy, as it was (merges before relationships have none). */
  relationships?: StoredRelationship[];
};

/** `photoKeys`: files no contact names after the merge, kept while it can be undone. */
export type MergeUndoPayload = { merges: MergeRecord[]; photoKeys: string[] };

const DATE_COLUMNS = new Set(
  Object.entries(getTableColumns(contacts))
    .filter(([, column]) => column.dataType === "date")
    .map(([key]) => key),
);

export function storeContact(row: ContactRow): StoredContact {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

function readContact(stored: StoredContact): ContactRow {
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [
      key,
      DATE_COLUMNS.has(key) && typeof value === "string" ? new Date(value) : value,
    ]),
  ) as ContactRow;
}

/**
 * Puts back what the merges changed: the removed copies (same ids, every column), their history
 * entries and references, and the kept contacts as they were. Refused (409) when a kept contact
 * or its history changed after the merge; nothing is written then.
 */
export async function undoMerge(
  tx: Tx,
  payload: MergeUndoPayload,
  userId: string,
): Promise<ContactRow[]> {
  for (const record of payload.merges) {
    const keptId = record.kept.id as string;
    const row = await findContactRow(tx, userId, keptId, { forUpdate: true });
    if (
      !row ||
      row.updatedAt.toISOString() !== record.keptAfter ||
      (await countHistory(tx, userId, keptId)) !== record.historyCount
    ) {
      throw new AppError("CONFLICT", STALE_UNDO_MESSAGE);
    }
  }
  const removedCount = payload.merges.reduce((n, record) => n + record.removed.length, 0);
  await assertContactCapacity(tx, userId, removedCount);
  const restored: ContactRow[] = [];
  for (const record of payload.merges) {
    const removed = record.removed.map(readContact);
    await tx.insert(contacts).values(removed);
    const byCopy = new Map<string, string[]>();
    for (const { id, contactId } of record.interactions) {
      byCopy.set(contactId, [...(byCopy.get(contactId) ?? []), id]);
    }
    for (const [contactId, ids] of byCopy) {
      await tx
        .update(interactions)
        .set({ contactId })
        .where(and(eq(interactions.userId, userId), inArray(interactions.id, ids)));
    }
    for (const action of record.replyActions) {
      await tx
        .update(replyActions)
        .set({ contactId: action.contactId, candidateIds: action.candidateIds })
        .where(and(eq(replyActions.userId, userId), eq(replyActions.id, action.id)));
    }
    for (const delivery of record.deliveries) {
      await tx
        .update(reminderDeliveries)
        .set({ contactIds: delivery.contactIds })
        .where(and(eq(reminderDeliveries.userId, userId), eq(reminderDeliveries.id, delivery.id)));
    }
    await restoreRelationships(
      tx,
      userId,
      (record.relationships ?? []).map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    );
    const { id, userId: _owner, ...kept } = readContact(record.kept);
    const [row] = await tx
      .update(contacts)
      .set(kept)
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
      .returning();
    await restoreHouseholds(tx, userId, record);
    restored.push(row!, ...removed);
  }
  return restored;
}

// Everyone is back in the household they were in, unless it was deleted since.
async function restoreHouseholds(tx: Tx, userId: string, record: MergeRecord) {
  const keptId = record.kept.id as string;
  await tx
    .delete(householdMembers)
    .where(and(eq(householdMembers.userId, userId), eq(householdMembers.contactId, keptId)));
  const memberships = record.households ?? [];
  if (memberships.length === 0) return;
  const existing = await tx
    .select({ id: households.id })
    .from(households)
    .where(
      and(
        eq(households.userId, userId),
        inArray(
          households.id,
          memberships.map((m) => m.householdId),
        ),
      ),
    );
  const kept = new Set(existing.map((h) => h.id));
  const values = memberships
    .filter((m) => kept.has(m.householdId))
    .map((m) => ({ userId, contactId: m.contactId, householdId: m.householdId }));
  if (values.length > 0) await tx.insert(householdMembers).values(values).onConflictDoNothing();
}
