// Import preview (a dry run) and commit (one transaction). Both read the same file the same
// way, so what the preview shows is what the commit does (unless the address book changed).
import { eq } from "drizzle-orm";
import { CONTACT_LIMIT } from "../../../core/constants";
import { IMPORT_SOURCE_LABELS } from "../../../core/import/import-fields";
import type { ImportPreview, ImportResult } from "../../../core/import/import-api";
import { planImport, type ImportPlan } from "../../../core/import/plan-import";
import { readImport, type ReadImport } from "../../../core/import/read-import";
import type { Db } from "../../db/client";
import { contacts, imports } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import {
  assertContactCapacity,
  listContactRows,
  type ContactContext,
} from "../contacts/contacts.public";
import { toImportRecord } from "./import-history";
import { existingFromRow } from "./import-rows";
import { applyMerges, insertCreates } from "./import-writes";
import { withFileErrors, type Upload } from "./upload";

function read(upload: Upload, now: Date): ReadImport {
  return withFileErrors(() =>
    readImport({ bytes: upload.bytes, mapping: upload.options.mapping, now }),
  );
}

function toPreview(
  upload: Upload,
  file: ReadImport,
  plan: ImportPlan,
  used: number,
): ImportPreview {
  const available = Math.max(0, CONTACT_LIMIT - used);
  return {
    fileName: upload.fileName,
    source: file.source,
    sourceLabel: IMPORT_SOURCE_LABELS[file.source],
    unit: file.unit,
    headers: file.headers,
    mapping: file.mapping,
    detectedMapping: file.detectedMapping,
    samples: file.samples,
    rows: plan.rows.map((r) => ({
      line: r.line,
      name: r.displayName,
      emails: r.contact?.emails.map((e) => e.value) ?? [],
      phones: r.contact?.phones.map((p) => p.value) ?? [],
      company: r.contact?.company ?? null,
      tags: r.contact?.tags ?? [],
      errors: r.errors,
      duplicate: r.duplicate,
      suggested: r.suggested,
      decision: r.decision,
    })),
    summary: plan.summary,
    capacity: { limit: CONTACT_LIMIT, used, available, fits: plan.creates.length <= available },
    historyCount: file.rows.reduce((n, r) => n + (r.extras.interactions?.length ?? 0), 0),
  };
}

export async function previewImport(db: Db, ctx: ContactContext, upload: Upload) {
  const file = read(upload, ctx.now);
  const rows = await listContactRows(db, ctx.userId);
  const plan = planImport({
    rows: file.rows,
    existing: rows.map(existingFromRow),
    decisions: upload.options.decisions,
  });
  return toPreview(upload, file, plan, rows.length);
}

function listLines(lines: number[], unit: ReadImport["unit"]): string {
  const word = unit === "row" ? "row" : unit === "card" ? "card" : "contact";
  const shown = lines.slice(0, 5).join(", ");
  const more = lines.length > 5 ? ` and ${lines.length - 5} more` : "";
  return `${lines.length === 1 ? word : `${word}s`} ${shown}${more}`;
}

export async function commitImport(
  db: Db,
  ctx: ContactContext,
  upload: Upload,
): Promise<ImportResult> {
  const file = read(upload, ctx.now);
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
    const plan = planImport({
      rows: file.rows,
      existing: rows.map(existingFromRow),
      decisions: upload.options.decisions,
    });
    const invalid = plan.rows.filter((r) => r.decision === null).map((r) => r.line);
    if (upload.options.strict && invalid.length > 0) {
      throw new AppError(
        "BAD_REQUEST",
        `Nothing was imported: ${listLines(invalid, file.unit)} ${invalid.length === 1 ? "has a problem" : "have problems"}, and strict mode stops the whole import. Fix the file, or turn strict mode off to skip those rows.`,
      );
    }
    if (plan.creates.length === 0 && plan.merges.length === 0) {
      throw new AppError(
        "BAD_REQUEST",
        "There is nothing to import: every row is skipped or has a problem.",
      );
    }
    await assertContactCapacity(tx, ctx.userId, plan.creates.length);
    const [record] = await tx
      .insert(imports)
      .values({ userId: ctx.userId, source: file.source, filename: upload.fileName })
      .returning();
    const writeCtx = { ...ctx, importId: record!.id };
    const { created } = await insertCreates(tx, plan.creates, writeCtx);
    const snapshots = await applyMerges(tx, plan.merges, writeCtx);
    const [saved] = await tx
      .update(imports)
      .set({
        createdCount: created,
        mergedCount: snapshots.length,
        skippedCount: plan.summary.skip + plan.summary.invalid,
        mergedSnapshots: snapshots,
      })
      .where(eq(imports.id, record!.id))
      .returning();
    return { import: toImportRecord(saved!, true), summary: plan.summary };
  });
}
