// Import preview (a dry run) and commit (one transaction). Both read the same file the same
// way, so what the preview shows is what the commit does (unless the address book changed).
import { eq } from "drizzle-orm";
import { CONTACT_LIMIT } from "../../../core/constants";
import type { ImportOptions, ImportPreview, ImportResult } from "../../../core/import/import-api";
import { formatWholeNumber } from "../../../core/plural";
import { fitPlan } from "../../../core/import/fit-limit";
import type { LeftOverFile } from "../../../core/import/left-over-file";
import type { ImportPlan } from "../../../core/import/plan-import";
import { tagKey, type GroupRhythm } from "../../../core/group-rhythms";
import type { Db, Tx } from "../../db/client";
import { contacts, imports } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { CpuPool } from "../../lib/cpu-pool";
import {
  loadGroupRhythms,
  writeGroupRhythm,
  assertContactCapacity,
  listContactRows,
  type ContactContext,
} from "../contacts/contacts.public";
import { notifyUsers } from "../notifications/notifications.public";
import { needsCoordinates, warmGazetteer, withCoordinates } from "../places/places.public";
import { alertImportFailed, importFinishedAlert } from "./import-alerts";
import { toImportRecord } from "./import-history";
import { existingFromRow } from "./import-rows";
import { removeUnusedPhotos, storeImportPhotos } from "./import-photos";
import { linkImportedPeople } from "./import-links";
import { applyMerges, insertCreates } from "./import-writes";
import type { ImportTaskName, ReadUpload, TaskOutcome } from "./import-tasks";
import { toUploadError } from "./upload";
import type { Upload } from "./upload-body";
import type { Storage } from "../../lib/storage/storage";

/** Where an import runs: its database, and the worker threads that read and plan it. */
export type ImportDeps = { db: Db; pool: CpuPool; storage: Storage };

/** Runs an import task on an upload, sent to the worker with the rest of its input. */
function runOnUpload<T>(
  pool: CpuPool,
  name: ImportTaskName,
  upload: Upload,
  rest: Record<string, unknown>,
): Promise<T> {
  return pool.run<T>(name, { ...rest, upload });
}

function unwrap<T>(outcome: TaskOutcome<T>): T {
  if (!outcome.ok) throw toUploadError(outcome);
  return outcome;
}

function readForCommit(pool: CpuPool, upload: Upload, now: Date) {
  return runOnUpload<TaskOutcome<ReadUpload>>(pool, "readUploadTask", upload, { now });
}

export async function previewImport(
  { db, pool }: ImportDeps,
  ctx: ContactContext,
  upload: Upload,
): Promise<ImportPreview> {
  const rows = await listContactRows(db, ctx.userId);
  const outcome = await runOnUpload<TaskOutcome<{ preview: ImportPreview }>>(
    pool,
    "previewImportTask",
    upload,
    { now: ctx.now, existing: rows.map(existingFromRow), used: rows.length },
  );
  return unwrap(outcome).preview;
}

/** The file of rows a preview leaves for later, or NOT_FOUND when everything fits. */
export async function buildLeftOver(
  { db, pool }: ImportDeps,
  ctx: ContactContext,
  upload: Upload,
): Promise<LeftOverFile> {
  const rows = await listContactRows(db, ctx.userId);
  const outcome = await runOnUpload<TaskOutcome<{ file: LeftOverFile | null }>>(
    pool,
    "leftOverTask",
    upload,
    { now: ctx.now, existing: rows.map(existingFromRow), used: rows.length },
  );
  const { file } = unwrap(outcome);
  if (!file) {
    throw new AppError(
      "NOT_FOUND",
      "Every new contact in this file fits under the limit, so nothing is left for later.",
    );
  }
  return file;
}

function listLines(lines: number[], unit: ReadUpload["file"]["unit"]): string {
  const word = unit === "row" ? "row" : unit === "card" ? "card" : "contact";
  const shown = lines.slice(0, 5).join(", ");
  const more = lines.length > 5 ? ` and ${lines.length - 5} more` : "";
  return `${lines.length === 1 ? word : `${word}s`} ${shown}${more}`;
}

// The commit keeps what the preview offered: `keep` new contacts in the chosen order, the rest
// left for later. The room is checked after, in the transaction, so nothing is half-imported.
function fitToOffer(plan: ImportPlan, fit: ImportOptions["fit"], used: number): ImportPlan {
  if (!fit) return plan;
  const room = fit.keep ?? Math.max(0, CONTACT_LIMIT - used);
  return fitPlan(plan, { room, order: fit.order });
}

/** A file whose every row matches an identical contact: not a failure, so no alert for it. */
class NothingChangedError extends AppError {
  constructor() {
    super(
      "CONFLICT",
      "Nothing changed: every contact in this file is already here with the same details. Your last import can still be undone.",
    );
  }
}

/**
 * Commits an import in one transaction, with its "Import finished" alert; a failed one leaves
 * nothing but an "Import failed" alert, and the error goes on to the caller.
 */
export async function commitImport(
  deps: ImportDeps,
  ctx: ContactContext,
  upload: Upload,
): Promise<ImportResult> {
  const read = await readForCommit(deps.pool, upload, ctx.now);
  try {
    return await runImport(deps, ctx, unwrap(read));
  } catch (error) {
    // A file that changes nothing did not fail: the answer says so, no alert is left.
    if (!(error instanceof NothingChangedError)) {
      await alertImportFailed(deps.db, { userId: ctx.userId, fileName: read.fileName, error });
    }
    throw error;
  }
}

async function runImport(
  { db, pool, storage }: ImportDeps,
  ctx: ContactContext,
  { file, fileName, options }: ReadUpload,
): Promise<ImportResult> {
  // Rows with a city or country but no coordinates are placed from the gazetteer; load it
  // (once per process) before the transaction rather than while it holds the database.
  if (file.rows.some((r) => needsCoordinates(r.contact))) warmGazetteer();
  // Photos are re-encoded and stored first, so the transaction does not wait on images; what no
  // contact ends up naming (a failed import, a skipped row) is removed after it.
  const { keys: stored, unreadable } = await storeImportPhotos(storage, ctx.userId, file.rows);
  const used = new Set<string>();
  try {
    const { result, photoKeys } = await writeImport(
      { db, pool },
      ctx,
      { file, fileName, options },
      new Set(unreadable.map((row) => row.line)),
    );
    for (const key of photoKeys) used.add(key);
    return result;
  } finally {
    await removeUnusedPhotos(storage, stored, used);
  }
}

/**
 * The user's group rhythms, after adding those a file brings for tags that have none here (a
 * group this account already gives a rhythm keeps it). Answers them all, for the writes.
 */
async function keepFileGroups(tx: Tx, ctx: ContactContext, fromFile: GroupRhythm[]) {
  const groups = await loadGroupRhythms(tx, ctx.userId);
  for (const group of fromFile) {
    const key = tagKey(group.tag);
    if (groups.has(key)) continue;
    groups.set(key, group);
    await writeGroupRhythm(tx, ctx.userId, key, group, ctx.now);
  }
  return groups;
}

async function writeImport(
  { db, pool }: Omit<ImportDeps, "storage">,
  ctx: ContactContext,
  { file, fileName, options }: ReadUpload,
  unreadablePhotoLines: ReadonlySet<number>,
): Promise<{ result: ImportResult; photoKeys: string[] }> {
  return db.transaction(async (tx) => {
    // Lock the user (as every import and creation does) and their contacts, so the plan is
    // made against what the import will change: a contact edited or deleted elsewhere meanwhile
    // waits for this transaction instead of slipping between the plan and its merge.
    await assertContactCapacity(tx, ctx.userId, 0);
    const rows = await tx
      .select()
      .from(contacts)
      .where(eq(contacts.userId, ctx.userId))
      .for("update");
    // The plan runs in a worker while this transaction waits; on PGlite, whose one connection
    // the transaction holds, other queries wait for it too (as they did when it ran here).
    const plan = await pool.run<ImportPlan>("planImportTask", {
      rows: file.rows,
      existing: rows.map(existingFromRow),
      decisions: options.decisions,
    });
    const { rows: planned, creates, merges, summary } = fitToOffer(plan, options.fit, rows.length);
    const invalid = planned.filter((r) => r.decision === null).map((r) => r.line);
    if (options.strict && invalid.length > 0) {
      throw new AppError(
        "BAD_REQUEST",
        `Nothing was imported: ${listLines(invalid, file.unit)} ${invalid.length === 1 ? "has a problem" : "have problems"}, and strict mode stops the whole import. Fix the file, or turn strict mode off to skip those rows.`,
      );
    }
    if (creates.length === 0 && merges.length === 0) {
      throw new AppError(
        "BAD_REQUEST",
        "There is nothing to import: every row is skipped or has a problem.",
      );
    }
    if (options.fit && creates.length > CONTACT_LIMIT - rows.length) {
      throw new AppError(
        "LIMIT_REACHED",
        `Nothing was imported: you now have room for ${formatWholeNumber(Math.max(0, CONTACT_LIMIT - rows.length))} more contacts, not ${formatWholeNumber(creates.length)} (the limit is ${formatWholeNumber(CONTACT_LIMIT)}). Your contacts changed since the preview; choose the file again to see what fits now.`,
      );
    }
    await assertContactCapacity(tx, ctx.userId, creates.length);
    const [record] = await tx
      .insert(imports)
      .values({ userId: ctx.userId, source: file.source, filename: fileName })
      .returning();
    const groups = await keepFileGroups(tx, ctx, [
      ...(file.groups ?? []),
      ...[...creates, ...merges].flatMap((c) => c.extras.flatMap((e) => e.groupRhythm ?? [])),
    ]);
    const writeCtx = { ...ctx, importId: record!.id, groups };
    const { created, photoKeys, ids } = await insertCreates(
      tx,
      creates.map((c) => ({ ...c, contact: withCoordinates(c.contact) })),
      writeCtx,
    );
    const snapshots = await applyMerges(
      tx,
      merges.map((m) => ({ ...m, after: withCoordinates(m.after) })),
      writeCtx,
    );
    await linkImportedPeople(tx, ctx.userId, {
      links: plan.links,
      written: [
        ...creates.map((c, i) => ({ id: ids[i]!, lines: c.lines })),
        ...merges.map((m) => ({ id: m.contactId, lines: m.lines })),
      ],
    });
    // Every row matched a contact that already had exactly these details: nothing changed, so
    // no import is recorded (the rollback removes its row), and "Undo" stays with the last
    // import that did change something.
    if (created === 0 && snapshots.length === 0) {
      throw new NothingChangedError();
    }
    const mergedPhotoKeys = snapshots
      .map((snapshot) => snapshot.after.photoKey)
      .filter((key): key is string => typeof key === "string");
    const [saved] = await tx
      .update(imports)
      .set({
        createdCount: created,
        mergedCount: snapshots.length,
        skippedCount: summary.skip + summary.invalid + summary.leftOver,
        mergedSnapshots: snapshots,
      })
      .where(eq(imports.id, record!.id))
      .returning();
    const writtenLines = new Set([...creates, ...merges].flatMap((c) => c.lines));
    await notifyUsers(tx, [
      importFinishedAlert({
        userId: ctx.userId,
        importId: saved!.id,
        fileName,
        created,
        merged: snapshots.length,
        skipped: summary.skip + summary.invalid + summary.leftOver,
        // People imported whose photo could not be read: named, as the review names what it drops.
        linksLeftOut: planned
          .filter((r) => writtenLines.has(r.line))
          .flatMap((r) => r.warnings.filter((w) => w.field === "related").map(() => r.displayName)),
        photosLeftOut: [...creates, ...merges]
          .filter((c) => c.lines.some((line) => unreadablePhotoLines.has(line)))
          .map((c) => planned.find((r) => c.lines.includes(r.line))?.displayName ?? "")
          .filter(Boolean),
      }),
    ]);
    return {
      result: { import: toImportRecord(saved!, true), summary },
      photoKeys: [...photoKeys, ...mergedPhotoKeys],
    };
  });
}
