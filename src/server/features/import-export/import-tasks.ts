// Runs in the worker threads of lib/cpu-pool.ts: the CPU-heavy steps of import and export.
// Each export is a task named by its function; inputs and results cross by structured clone,
// so a problem comes back as data (a class does not survive the crossing). A preview crosses
// once each way: the upload's bytes in, the preview out; the file's rows never reach the event
// loop.
import { Piscina } from "piscina";
import { AccountExportSchema } from "../../../core/import/account-export";
import { buildContactsCsv, type ExportContact } from "../../../core/import/csv-export";
import type { ImportPreview } from "../../../core/import/import-api";
import { buildLayoutCsv, type CsvLayout } from "../../../core/import/csv-layouts";
import { planImport, type ExistingContact } from "../../../core/import/plan-import";
import { ImportFileError } from "../../../core/import/read-file";
import { readImport, type ReadImport } from "../../../core/import/read-import";
import { buildVcards } from "../../../core/import/vcard-write";
import { buildLeftOverFile, type LeftOverFile } from "../../../core/import/left-over-file";
import { offerPlan, toPreview } from "./import-preview";
import type { TaskProblem } from "./upload";
import { openUpload, UploadError, type OpenedUpload, type Upload } from "./upload-body";

/** A problem carries the file's name when the upload got as far as naming it. */
export type TaskOutcome<T> =
  ({ ok: true } & T) | ({ ok: false; fileName: string | null } & TaskProblem);

function asProblem(error: unknown): TaskProblem {
  if (error instanceof ImportFileError)
    return { kind: "file", code: error.code, message: error.message };
  if (error instanceof UploadError) return { kind: "upload", ...error.problem };
  throw error;
}

/** An upload as the service sends it. */
type ReadInput = { upload: Upload; now: Date };

// Opens and reads the upload, then `then` goes on with it; any file or upload problem becomes
// data, with the name the upload gave (none when it could not be opened).
function withUpload<T>(
  { upload, now }: ReadInput,
  then: (read: ReadUpload, bytes: Uint8Array) => T,
): TaskOutcome<T> {
  let fileName = upload.kind === "file" ? upload.fileName : null;
  try {
    const opened = openUpload(upload);
    fileName = opened.fileName;
    const file = readImport({ bytes: opened.bytes, mapping: opened.options.mapping, now });
    return { ok: true, ...then({ fileName, options: opened.options, file }, opened.bytes) };
  } catch (error) {
    return { ok: false, fileName, ...asProblem(error) };
  }
}

export type ReadUpload = Omit<OpenedUpload, "bytes"> & { file: ReadImport };

/** The file read and mapped, with the upload's name and choices (the commit plans it later). */
export function readUploadTask(input: ReadInput): TaskOutcome<ReadUpload> {
  return withUpload(input, (read) => read);
}

type PlanInput = ReadInput & { existing: ExistingContact[]; used: number };

/** The whole preview: open, read, plan against the user's contacts, summarise. */
export function previewImportTask(input: PlanInput): TaskOutcome<{ preview: ImportPreview }> {
  return withUpload(input, ({ fileName, options, file }) => {
    const plan = planImport({
      rows: file.rows,
      existing: input.existing,
      decisions: options.decisions,
    });
    const order = options.fit?.order;
    return { preview: toPreview({ fileName, file, plan, used: input.used, order }) };
  });
}

/** The rows the preview leaves for later (past the contact limit), as a file of their own. */
export function leftOverTask(input: PlanInput): TaskOutcome<{ file: LeftOverFile | null }> {
  return withUpload(input, ({ fileName, options, file }, bytes) => {
    const plan = planImport({
      rows: file.rows,
      existing: input.existing,
      decisions: options.decisions,
    });
    const { fitted } = offerPlan(plan, {
      used: input.used,
      order: options.fit?.order,
      keep: options.fit?.keep,
    });
    if (fitted.leftOver.length === 0) return { file: null };
    return { file: buildLeftOverFile({ bytes, fileName, lines: fitted.leftOver }) };
  });
}

export function planImportTask(input: Parameters<typeof planImport>[0]) {
  return planImport(input);
}

export function contactsCsvTask({
  contacts,
  layout = "tend",
}: {
  contacts: ExportContact[];
  layout?: CsvLayout;
}): string {
  return layout === "tend" ? buildContactsCsv(contacts) : buildLayoutCsv(layout, contacts);
}

export function vcardsTask({ contacts }: { contacts: ExportContact[] }): string {
  return buildVcards(contacts);
}

/** The JSON export checked against its published schema and serialised, as UTF-8 bytes. */
export function accountJsonTask(data: unknown): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(AccountExportSchema.parse(data)));
  return Piscina.move(bytes) as Uint8Array;
}

const TASKS = {
  readUploadTask,
  previewImportTask,
  leftOverTask,
  planImportTask,
  contactsCsvTask,
  vcardsTask,
  accountJsonTask,
};
export type ImportTaskName = keyof typeof TASKS;

// Piscina's entry: one default export that dispatches by name. (Piscina's lookup of a named
// export falls back to an ESM import that tsx's hooks do not reach in a worker thread.)
export default function runImportTask(task: { name: ImportTaskName; input: unknown }): unknown {
  return TASKS[task.name](task.input as never);
}
