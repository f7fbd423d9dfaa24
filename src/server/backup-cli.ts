// `npm run backup -- <file>`: one consistent snapshot of the database (embedded or DATABASE_URL)
// and every stored file, in one tar file (see db/backup.ts).
import { parseArgs } from "node:util";
import { OperatorError, writeBackup } from "./db/backup";
import { loadEnvOrExit } from "./env";

const USAGE = "Usage: npm run backup -- <file>   (e.g. npm run backup -- tend-2026-11-24.tar)";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new OperatorError(USAGE);
  const env = loadEnvOrExit();
  const { manifest } = await writeBackup({ env, file });
  const rows = Object.values(manifest.rows).reduce((n, c) => n + c, 0);
  const files = Object.values(manifest.files).reduce((n, c) => n + c, 0);
  console.log(
    `Backed up the ${manifest.database === "pglite" ? "embedded" : "PostgreSQL"} database (${Object.keys(manifest.rows).length} tables, ${rows} rows) and ${files} stored file(s) to ${file}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof OperatorError ? error.message : error);
  process.exit(1);
});
