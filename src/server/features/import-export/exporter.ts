// Export files of one user's account. The database reads happen here; writing the CSV, vCard and
// JSON runs in worker threads, so a large account keeps a worker busy, not the event loop.
import type { FastifyInstance } from "fastify";
import type { CsvLayout } from "../../../core/import/csv-layouts";
import { createCpuPool } from "../../lib/cpu-pool";
import { siblingModule } from "../../lib/module-file";
import type { ContactContext } from "../contacts/contacts.public";
import { buildAccountExport, listExportContacts, withRelated } from "./export.service";
import { withExportPhotos } from "./import-photos";

export type Exporter = ReturnType<typeof createExporter>;

export function createExporter(app: FastifyInstance) {
  const tasks = createCpuPool(siblingModule(import.meta.url, "./import-tasks.ts", "import-tasks"));
  app.addHook("onClose", () => tasks.close());
  const { db } = app;
  return {
    pool: tasks,
    contactsFile: async (
      task: "contactsCsvTask" | "vcardsTask",
      ctx: ContactContext,
      options: { layout?: CsvLayout } = {},
    ): Promise<string> => {
      const contacts = await listExportContacts(db, ctx);
      // Only a vCard carries photos, and only it and our own CSV links; other CSV layouts have
      // no place for either.
      const isOwnCsv = task === "contactsCsvTask" && (options.layout ?? "tend") === "tend";
      const linked =
        task === "vcardsTask" || isOwnCsv ? await withRelated(db, ctx.userId, contacts) : contacts;
      const withPhotos =
        task === "vcardsTask" ? await withExportPhotos(app.storage, linked) : linked;
      return tasks.run<string>(task, { ...options, contacts: withPhotos });
    },
    /** The whole account as the JSON export's bytes, checked against its schema in a worker. */
    accountJson: async (ctx: ContactContext): Promise<Buffer> => {
      const bytes = await tasks.run<Uint8Array>(
        "accountJsonTask",
        await buildAccountExport(db, ctx),
      );
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}
