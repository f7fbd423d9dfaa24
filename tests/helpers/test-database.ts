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
// app runs the embedded database. The project's global setup dumps it once per run
// (database-template-setup.ts); outside Vitest (a benchmark) it is made once per process.
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
  const templateName = process.env.VITEST ? inject("postgresTemplateDatabase") : undefined;
  const empty = await createEmptyPostgresDatabase(templateName);
  const database = await openDatabase({ databaseUrl: empty.url });
  if (!templateName) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * One fresh database opened twice, as two processes (servers, a worker) open it: on PostgreSQL
 * two connection pools; the embedded database opens in one process only, so there both are it.
 */
export async function createSharedTestDatabase(): Promise<{
  first: Database;
  second: Database;
  close: () => Promise<void>;
}> {
  if (!isPostgresRun()) {
    const database = await createTestDatabase();
    return { first: database, second: database, close: () => database.close() };
  }
  const templateName = process.env.VITEST ? inject("postgresTemplateDatabase") : undefined;
  const empty = await createEmptyPostgresDatabase(templateName);
  const first = await openDatabase({ databaseUrl: empty.url });
  if (!templateName) await first.migrate();
  const second = await openDatabase({ databaseUrl: empty.url });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await empty.drop();
    },
  };
}

export type EmptyPostgresDatabase = { name: string; url: string; drop: () => Promise<void> };

function postgresBaseUrl(): string {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return baseUrl;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresBaseUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// pool.end() resolves before its sockets are closed: a database is copied or dropped only once
// the server has seen them go (dropping "with (force)" while they close surfaces as 57P01).
async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A new database on TEST_DATABASE_URL's server, empty or a copy of `template`; drop() removes it
// once the caller has closed its connections.
export async function createEmptyPostgresDatabase(
  template?: string,
): Promise<EmptyPostgresDatabase> {
  const name = `tend_test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
  await withAdmin((admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  const url = new URL(postgresBaseUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(async (admin) => {
        await waitForNoConnections(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** A migrated PostgreSQL database that test databases are created from. */
export async function createMigratedPostgresTemplate(): Promise<EmptyPostgresDatabase> {
  const template = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: template.url });
  await database.migrate();
  await database.close();
  await withAdmin((admin) => waitForNoConnections(admin, template.name));
  return template;
}
