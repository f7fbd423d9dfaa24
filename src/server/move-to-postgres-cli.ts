// `npm run move-to-postgres -- <DATABASE_URL>`: copies the embedded database in DATA_DIR to an
// empty PostgreSQL database and verifies the row count of every table (db/move-to-postgres.ts).
import { parseArgs } from "node:util";
import { OperatorError } from "./db/backup";
import { moveToPostgres } from "./db/move-to-postgres";
import { loadEnvOrExit } from "./env";

const USAGE = "Usage: npm run move-to-postgres -- <DATABASE_URL>   (the server stopped first)";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const databaseUrl = positionals[0];
  if (!databaseUrl || positionals.length > 1) throw new OperatorError(USAGE);
  const env = loadEnvOrExit();
  if (env.DATABASE_URL) {
    throw new OperatorError(
      "DATABASE_URL is set, so this installation already runs on PostgreSQL: unset it to move the embedded database in DATA_DIR.",
    );
  }
  const { source, target } = await moveToPostgres({ dataDir: env.DATA_DIR, databaseUrl });
  const width = Math.max(...Object.keys(source).map((t) => t.length));
  for (const table of Object.keys(source).sort()) {
    console.log(`  ${table.padEnd(width)}  ${source[table]} → ${target[table]}`);
  }
  console.log(
    [
      "Moved: every table has the same row count in PostgreSQL.",
      `Start Tend with DATABASE_URL set to that database. Keep DATA_DIR (${env.DATA_DIR}): uploaded files stay in its storage folder, and without AUTH_SECRET the generated one in DATA_DIR/.auth-secret keeps sessions and links valid.`,
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof OperatorError ? error.message : error);
  process.exit(1);
});
