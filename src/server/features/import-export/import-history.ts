// Past imports and undoing the most recent one: the contacts it added go, the contacts it merged
// into get back the values it changed (values the user edited since are kept), its history goes.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ImportRecord, UndoResult } from "../../../core/import/import-api";
import type { Db, Tx } from "../../db/client";
import { contacts, imports, interactions, users } from "../../db/schema/index";
import type { Storage } from "../../lib/storage/storage";
import { AppError } from "../../lib/app-error";
import { isUuid, syncContactHistory } from "../contacts/contacts.public";
import { isSameValue, valuesFromSnapshot, type MergeSnapshot } from "./import-rows";

type ImportRow = typeof imports.$inferSelect;

export function toImportRecord(row: ImportRow, isLatest: boolean): ImportRecord {
  return {
    id: row.id,
    source: row.source,
    fileName: row.filename,
    createdCount: row.createdCount,
    mergedCount: row.mergedCount,
    skippedCount: row.skippedCount,
    status: row.status === "undone" ? "undone" : "committed",
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    canUndo: isLatest && row.status !== "undone",
  };
}

const LIST_SIZE = 10;

export async function listImports(db: Db, userId: string): Promise<ImportRecord[]> {
  const rows = await db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(LIST_SIZE);
  return rows.map((row, i) => toImportRecord(row, i === 0));
}

const importNotFound = () =>
  new AppError("NOT_FOUND", "That import was not found. It may belong to another account.");

/** Puts a merged contact back; answers null when it is gone, else the photo it no longer names. */
async function restoreMerged(
  tx: Tx,
  userId: string,
  snapshot: MergeSnapshot,
  timeZone: string,
): Promise<{ droppedPhotoKey: string | null } | null> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, snapshot.id)));
  if (!row) return null;
  const before = valuesFromSnapshot(snapshot.before);
  const after = valuesFromSnapshot(snapshot.after);
  const restore: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    const current = row[key as keyof typeof row];
    // Put back only what still is as the import left it: later edits by the user stay.
    if (isSameValue(current, after[key as keyof typeof after])) restore[key] = value;
  }
  if (Object.keys(restore).length > 0) {
    await tx
      .update(contacts)
      .set(restore)
      .where(and(eq(contacts.userId, userId), eq(contacts.id, row.id)));
  }
  const [latest] = await tx
    .select({ at: interactions.occurredAt })
    .from(interactions)
    .where(and(eq(interactions.userId, userId), eq(interactions.contactId, row.id)))
    .orderBy(desc(interactions.occurredAt))
    .limit(1);
  const lastContactedAt = (restore.lastContactedAt ?? row.lastContactedAt) as Date | null;
  if ((latest?.at.getTime() ?? null) !== (lastContactedAt?.getTime() ?? null))
    await syncContactHistory(tx, { userId, contactId: row.id, timeZone });
  const isPhotoPutBack = "photoKey" in restore && restore.photoKey !== row.photoKey;
  return { droppedPhotoKey: isPhotoPutBack ? row.photoKey : null };
}

/** Undoes an import; the photos it brought go from storage once the undo has committed. */
export async function undoImport(
  deps: { db: Db; storage: Storage },
  options: { userId: string; importId: string; timeZone: string; now: Date },
): Promise<UndoResult> {
  const { result, photoKeys } = await undoImportRows(deps.db, options);
  for (const key of photoKeys) await deps.storage.delete("avatars", key);
  return result;
}

async function undoImportRows(
  db: Db,
  options: { userId: string; importId: string; timeZone: string; now: Date },
): Promise<{ result: UndoResult; photoKeys: string[] }> {
  const { userId, importId, timeZone, now } = options;
  if (!isUuid(importId)) throw importNotFound();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [record] = await tx
      .select()
      .from(imports)
      .where(and(eq(imports.userId, userId), eq(imports.id, importId)));
    if (!record) throw importNotFound();
    if (record.status === "undone")
      throw new AppError("CONFLICT", "This import was already undone.");
    const [latest] = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(eq(imports.userId, userId))
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(1);
    if (latest?.id !== record.id)
      throw new AppError("CONFLICT", "Only your most recent import can be undone.");

    await tx
      .delete(interactions)
      .where(and(eq(interactions.userId, userId), eq(interactions.importId, importId)));
    const removed = await tx
      .delete(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.importId, importId)))
      .returning({ id: contacts.id, photoKey: contacts.photoKey });
    const photoKeys = removed.flatMap((c) => (c.photoKey ? [c.photoKey] : []));
    let restored = 0;
    for (const snapshot of record.mergedSnapshots as MergeSnapshot[]) {
      const outcome = await restoreMerged(tx, userId, snapshot, timeZone);
      if (!outcome) continue;
      restored += 1;
      if (outcome.droppedPhotoKey) photoKeys.push(outcome.droppedPhotoKey);
    }
    const [saved] = await tx
      .update(imports)
      .set({ status: "undone", undoneAt: now })
      .where(eq(imports.id, importId))
      .returning();
    return {
      result: { import: toImportRecord(saved!, true), removed: removed.length, restored },
      photoKeys,
    };
  });
}
