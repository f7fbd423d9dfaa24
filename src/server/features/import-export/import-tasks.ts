// Runs in the worker threads of lib/cpu-pool.ts: the CPU-heavy steps of import and export.
// Each export is a task named by its function; inputs and results cross by structured clone,
// so a file problem comes back as data (a class does not survive the crossing).
import { AccountExportSchema } from "../../../core/import/account-export";
import { buildContactsCsv, type ExportContact } from "../../../core/import/csv-export";
import { planImport } from "../../../core/import/plan-import";
import { ImportFileError } from "../../../core/import/read-file";
import { readImport, type ReadImport } from "../../../core/import/read-import";
import { buildVcards } from "../../../core/import/vcard-write";

export type ReadImportOutcome =
  { ok: true; file: ReadImport } | { ok: false; code: ImportFileError["code"]; message: string };

export function readImportTask(input: Parameters<typeof readImport>[0]): ReadImportOutcome {
  try {
    return { ok: true, file: readImport(input) };
  } catch (error) {
    if (error instanceof ImportFileError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

export function planImportTask(input: Parameters<typeof planImport>[0]) {
  return planImport(input);
}

export function contactsCsvTask(contacts: ExportContact[]): string {
  return buildContactsCsv(contacts);
}

export function vcardsTask(contacts: ExportContact[]): string {
  return buildVcards(contacts);
}

/** The JSON export checked against its published schema and serialised (decision 157). */
export function accountJsonTask(data: unknown): string {
  return JSON.stringify(AccountExportSchema.parse(data));
}

const TASKS = { readImportTask, planImportTask, contactsCsvTask, vcardsTask, accountJsonTask };
export type ImportTaskName = keyof typeof TASKS;

// Piscina's entry: one default export that dispatches by name. (Piscina's lookup of a named
// export falls back to an ESM import that tsx's hooks do not reach in a worker thread.)
export default function runImportTask(task: { name: ImportTaskName; input: never }): unknown {
  return TASKS[task.name](task.input);
}
