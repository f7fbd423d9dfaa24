// Import preview (a dry run) and commit (one transaction). Both read the same file the same
// way, so what the preview shows is what the commit does (unless the address book changed).
import { eq } from "drizzle-orm";
import type { ImportPreview, ImportResult } from "../../../core/import/import-api";
import type { ImportPlan } from "../../../core/import/plan-import";
import type { Db } from "../../db/client";
import { contacts, imports } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { CpuPool } from "../../lib/cpu-pool";
import {
  assertContactCapacity,
  listContactRows,
  type ContactContext,
} from "../contacts/contacts.public";
import { notifyUsers } from "../notifications/notifications.public";
import { needsCoordinates, warmGazetteer, withCoordinates } from "../places/places.public";
import { alertImportFailed, importFinishedAlert } from "./import-alerts";
import { toImportRecord } from "./import-history";
import { existingFromRow } from "./import-rows";
import { applyMerges, insertCreates } from "./import-writes";
import type { ImportTaskName, ReadUpload, TaskOutcome } from "./import-tasks";
import { toUploadError } from "./upload";
import { groupPieces, type Upload } from "./upload-body";

/** Where an import runs: its database, and the worker threads that read and plan it. */
export type ImportDeps = { db: Db; pool: CpuPool };

/**
 * Runs an import task on an upload. Its pieces, views of the socket's reads, go to the worker a
 * group per turn of the event loop and are joined there (decision 236). They are copied, never
 * moved: a read's buffer may hold the start of the connection's next request.
 */
function runOnUpload<T>(
  pool: CpuPool,
  name: ImportTaskName,
  { chunks, ...upload }: Upload,
  rest: Record<string, unknown>,
): Promise<T> {
  const input = { ...rest, upload, pieces: groupPieces(chunks) };
  return pool.runInPages<T>(name, input, ["pieces"], 1);
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

function listLines(lines: number[], unit: ReadUpload["file"]["unit"]): string {
  const word = unit === "row" ? "row" : unit === "card" ? "card" : "contact";
  const shown = lines.slice(0, 5).join(", ");
  const more = lines.length > 5 ? ` and ${lines.length - 5} more` : "";
  return `${lines.length === 1 ? word : `${word}s`} ${shown}${more}`;
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
  { db, pool }: ImportDeps,
  ctx: ContactContext,
  { file, fileName, options }: ReadUpload,
): Promise<ImportResult> {
  // Rows with a city and country but no coordinates are placed from the gazetteer; load it
  // (once per process) before the transaction rather than while it holds the database.
  if (file.rows.some((r) => needsCoordinates(r.contact))) warmGazetteer();
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
    const {
      rows: planned,
      creates,
      merges,
      summary,
    } = await pool.run<ImportPlan>("planImportTask", {
      rows: file.rows,
      existing: rows.map(existingFromRow),
      decisions: options.decisions,
    });
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
    await assertContactCapacity(tx, ctx.userId, creates.length);
    const [record] = await tx
      .insert(imports)
      .values({ userId: ctx.userId, source: file.source, filename: fileName })
      .returning();
    const writeCtx = { ...ctx, importId: record!.id };
    const { created } = await insertCreates(
      tx,
      creates.map((c) => ({ ...c, contact: withCoordinates(c.contact) })),
      writeCtx,
    );
    const snapshots = await applyMerges(
      tx,
      merges.map((m) => ({ ...m, after: withCoordinates(m.after) })),
      writeCtx,
    );
    // Every row matched a contact that already had exactly these details: nothing changed, so
    // no import is recorded (the rollback removes its row), and "Undo" stays with the last
    // import that did change something.
    if (created === 0 && snapshots.length === 0) {
      throw new NothingChangedError();
    }
    const [saved] = await tx
      .update(imports)
      .set({
        createdCount: created,
        mergedCount: snapshots.length,
        skippedCount: summary.skip + summary.invalid,
        mergedSnapshots: snapshots,
      })
      .where(eq(imports.id, record!.id))
      .returning();
    await notifyUsers(tx, [
      importFinishedAlert({
        userId: ctx.userId,
        importId: saved!.id,
        fileName,
        created,
        merged: snapshots.length,
        skipped: summary.skip + summary.invalid,
      }),
    ]);
    return { import: toImportRecord(saved!, true), summary };
  });
}
