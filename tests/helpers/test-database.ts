// A fresh, migrated database for one test file: a copy of a once-migrated PGlite (fast), or,
// in the PostgreSQL project (TEST_DB=postgres), a new database on TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";

let template: Promise<Uint8Array> | undefined;

/** A freshly migrated embedded database's data directory, dumped (an uncompressed tar). */
export async function migratedDataDir(): Promise<Uint8Array> {
  const client = new PGlite("memory://");
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  await database.close();
  return new Uint8Array(await dump.arrayBuffer());
}

// Each test database loads a migrated data directory in a PGlite thread of its own, the way the
// app runs the embedded database (decision 170). The PGlite project's global setup makes that
// dump once per run (pglite-template-setup.ts, decision 190); without it (a file run under
// another project, or a benchmark run outside Vitest) it is made once per process.
async function migratedTemplate(): Promise<Uint8Array> {
  template ??= (async () => {
    const file = process.env.VITEST ? inject("pgliteTemplateFile") : undefined;
    return file ? new Uint8Array(await readFile(file)) : migratedDataDir();
  })();
  return template;
}

export function isPostgresRun(): boolean {
  return process.env.TEST_DB === "postgres";
}

export async function createTestDatabase(): Promise<Database> {
  if (!isPostgresRun()) {
    return openDatabase({ dataDir: "memory://", loadDataDir: await migratedTemplate() });
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

export type EmptyPostgresDatabase = { url: string; drop: () => Promise<void> };

// A new, unmigrated database on TEST_DATABASE_URL's server; drop() removes it once the caller
// has closed its connections.
export async function createEmptyPostgresDatabase(): Promise<EmptyPostgresDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `tend_test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets are closed; dropping "with (force)" while they
      // close makes the server kill them, which surfaces as an unhandled 57P01 error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
