// `npm run announce -- --title … --body … [--link /app/…] [--key …]`: sends an ANNOUNCEMENT to
// every user, in batches. Re-run with the same --key to resume or confirm: users who already
// have it get nothing new. Without --key a new key is made and printed.
import { parseArgs } from "node:util";
import { openDatabase } from "./db/client";
import { loadEnvOrExit } from "./env";
import {
  announce,
  AnnouncementError,
  type Announcement,
} from "./features/notifications/notifications.public";

const USAGE =
  'Usage: npm run announce -- --title "…" --body "<p>…</p>" [--link /app/…] [--key some-key]';

export function parseAnnounceArgs(argv: string[]): Announcement {
  const { values } = parseArgs({
    args: argv,
    options: {
      title: { type: "string" },
      body: { type: "string" },
      link: { type: "string" },
      key: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    title: values.title ?? "",
    body: values.body ?? "",
    link: values.link ?? null,
    key: values.key,
  };
}

async function main() {
  let input: Announcement;
  try {
    input = parseAnnounceArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const env = loadEnvOrExit();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const pending = await database.listPendingMigrations();
    if (pending.length > 0) {
      console.error(
        `The database is not migrated (${pending.join(", ")}): run npm run db:migrate.`,
      );
      process.exitCode = 1;
      return;
    }
    const result = await announce(database.db, input, {
      onBatch: (sent) => console.log(`… ${sent} users so far`),
    });
    console.log(
      `Announcement "${result.key}": sent to ${result.sent} users. Re-run with --key ${result.key} to resume; it sends no duplicates.`,
    );
  } catch (error) {
    if (error instanceof AnnouncementError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
