// What the import and export endpoints take and answer (shared by the server and the Data tab).
import { z } from "zod";
import { ColumnMappingSchema, ImportFieldSchema, ImportSourceSchema } from "./import-fields";
import { FitOrderSchema } from "./fit-limit";
import { RowDecisionSchema, RowDecisionsSchema } from "./plan-import";

/** Choices that shape a preview and a commit; sent as JSON, or as the "options" form field. */
export const ImportOptionsSchema = z.object({
  mapping: ColumnMappingSchema.nullish(),
  decisions: RowDecisionsSchema.optional(),
  /** Strict: any row with a problem stops the whole import. Lenient (default): such rows are skipped. */
  strict: z.boolean().optional(),
  /**
   * Past the contact limit: which new contacts to keep (order), and how many the preview offered
   * (keep). Without it, an import that would pass the limit is refused; with it, exactly `keep`
   * land, or nothing when there is no longer room for them.
   */
  fit: z.object({ order: FitOrderSchema, keep: z.number().int().min(0).optional() }).optional(),
});
export type ImportOptions = z.infer<typeof ImportOptionsSchema>;

/** The JSON form of an upload: the file's text instead of a multipart file part. */
export const ImportUploadSchema = ImportOptionsSchema.extend({
  fileName: z.string().max(255).optional(),
  content: z.string(),
});
export type ImportUpload = z.infer<typeof ImportUploadSchema>;

const RowNoteSchema = z.object({
  field: ImportFieldSchema.nullable(),
  message: z.string(),
  isStandInName: z.boolean().optional(),
});

const DuplicateReasonSchema = z.enum(["email", "phone", "name"]);

export const PreviewRowSchema = z.object({
  line: z.number(),
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  company: z.string().nullable(),
  tags: z.array(z.string()),
  /** Every field the row brings, as it will be imported. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  /** A new contact past the contact limit: not imported now, in the file of the rest. */
  isLeftOver: z.boolean(),
  errors: z.array(RowNoteSchema),
  /** Values left out of the imported contact, and why; a name taken from something else. */
  warnings: z.array(RowNoteSchema),
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
  leftOver: z.number(),
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
  /** When the new contacts do not fit: the offer to import those that do, and leave the rest. */
  overLimit: z
    .object({
      order: FitOrderSchema,
      /** The file says when people were last contacted, so "most recent first" can be offered. */
      canOrderByRecent: z.boolean(),
      keep: z.number(),
      leftOver: z.number(),
    })
    .nullable(),
  /** Values left out of rows that are imported, counted by field. */
  leftOut: z.array(z.object({ field: ImportFieldSchema.nullable(), count: z.number() })),
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
