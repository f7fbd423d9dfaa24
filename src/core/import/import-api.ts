// What the import and export endpoints take and answer (shared by the server and the Data tab).
import { z } from "zod";
import { ColumnMappingSchema, ImportFieldSchema, ImportSourceSchema } from "./import-fields";
import { RowDecisionSchema, RowDecisionsSchema } from "./plan-import";

/** Choices that shape a preview and a commit; sent as JSON, or as the "options" form field. */
export const ImportOptionsSchema = z.object({
  mapping: ColumnMappingSchema.nullish(),
  decisions: RowDecisionsSchema.optional(),
  /** Strict: any row with a problem stops the whole import. Lenient (default): such rows are skipped. */
  strict: z.boolean().optional(),
});
export type ImportOptions = z.infer<typeof ImportOptionsSchema>;

/** The JSON form of an upload: the file's text instead of a multipart file part. */
export const ImportUploadSchema = ImportOptionsSchema.extend({
  fileName: z.string().max(255).optional(),
  content: z.string(),
});
export type ImportUpload = z.infer<typeof ImportUploadSchema>;

const DuplicateReasonSchema = z.enum(["email", "phone", "name"]);

export const PreviewRowSchema = z.object({
  line: z.number(),
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  company: z.string().nullable(),
  tags: z.array(z.string()),
  errors: z.array(z.object({ field: ImportFieldSchema.nullable(), message: z.string() })),
  duplicate: z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("existing"),
        contactId: z.string(),
        name: z.string(),
        reason: DuplicateReasonSchema,
      }),
      z.object({ kind: z.literal("row"), line: z.number(), reason: DuplicateReasonSchema }),
    ])
    .nullable(),
  suggested: RowDecisionSchema.nullable(),
  /** null: the row has problems and will be skipped (or stop a strict import). */
  decision: RowDecisionSchema.nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

export const ImportSummarySchema = z.object({
  total: z.number(),
  create: z.number(),
  merge: z.number(),
  unchanged: z.number(),
  skip: z.number(),
  invalid: z.number(),
});
export type ImportSummaryData = z.infer<typeof ImportSummarySchema>;

export const ImportPreviewSchema = z.object({
  fileName: z.string().nullable(),
  source: ImportSourceSchema,
  sourceLabel: z.string(),
  unit: z.enum(["row", "card", "contact"]),
  headers: z.array(z.string()),
  mapping: ColumnMappingSchema,
  detectedMapping: ColumnMappingSchema,
  samples: z.array(z.array(z.string())),
  rows: z.array(PreviewRowSchema),
  summary: ImportSummarySchema,
  capacity: z.object({
    limit: z.number(),
    used: z.number(),
    available: z.number(),
    /** Whether the contacts this import would add fit under the limit. */
    fits: z.boolean(),
  }),
  /** Rows of history (interactions) the import brings (JSON export only). */
  historyCount: z.number(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportRecordSchema = z.object({
  id: z.string(),
  source: z.string(),
  fileName: z.string().nullable(),
  createdCount: z.number(),
  mergedCount: z.number(),
  skippedCount: z.number(),
  status: z.enum(["committed", "undone"]),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Only the most recent import can be undone, and only once. */
  canUndo: z.boolean(),
});
export type ImportRecord = z.infer<typeof ImportRecordSchema>;

export const ImportResultSchema = z.object({
  import: ImportRecordSchema,
  summary: ImportSummarySchema,
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ImportListSchema = z.object({ items: z.array(ImportRecordSchema) });

export const UndoResultSchema = z.object({
  import: ImportRecordSchema,
  removed: z.number(),
  restored: z.number(),
});
export type UndoResult = z.infer<typeof UndoResultSchema>;
