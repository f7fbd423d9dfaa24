// `npm run restore -- <file> [--force]`: brings a backup back into an empty data directory
// (embedded) or an empty DATABASE_URL database, with its stored files, and checks the row counts.
// It refuses to replace an existing database or files unless --force is given.
import { parseArgs } from "node:util";
import { OperatorError, restoreBackup } from "./db/backup";
import { loadEnvOrExit } from "./env";

const USAGE = "Usage: npm run restore -- <file> [--force]";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new OperatorError(USAGE);
  const env = loadEnvOrExit();
  const { rows, files, manifest } = await restoreBackup({ env, file, force: values.force });
  const total = Object.values(rows).reduce((n, c) => n + c, 0);
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}): ${Object.keys(rows).length} tables, ${total} rows and ${files} stored file(s), every table's row count as in the backup.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof OperatorError ? error.message : error);
  process.exit(1);
});
