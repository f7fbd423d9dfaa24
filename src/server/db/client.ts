// One Drizzle database over either driver: embedded PGlite (default) or a PostgreSQL server.
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  openPgliteThread,
  startPgliteThread,
  type OpenOptions,
  type PgliteBridge,
} from "./pglite-bridge";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  ping: () => Promise<boolean>;
  /** Tags of committed migrations the database has not applied (all of them on a fresh one). */
  listPendingMigrations: () => Promise<string[]>;
  migrate: () => Promise<void>;
  /**
   * Calls onNotify with the payload of each NOTIFY on the channel (committed transactions only).
   * PostgreSQL: a dedicated connection per process, reconnected when lost, after which onResync
   * runs (wake-ups sent meanwhile are gone). PGlite: its own listen, relayed from its thread.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onResync: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection pool's use (PGlite is one in-process connection). */
  poolStats?: () => PoolStats;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

const POOL_MAX = 10;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
const MIGRATION_LOCK_KEY = 724_311_001;

type JournalEntry = { tag: string; when: number };
let journal: JournalEntry[] | undefined;

// The committed migrations, read once per process: readiness checks compare against it.
function readJournal(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, "utf8")) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

export type DatabaseOptions = {
  databaseUrl?: string;
  /** The embedded database's directory (default ./data), or `memory://…`: run in its own thread. */
  dataDir?: string;
  /** With a `memory://` dataDir: a dumped data directory (uncompressed tar) to start from. */
  loadDataDir?: Uint8Array;
  /** An instance opened by the caller, used in this thread (backup, restore, test templates). */
  pglite?: PGlite;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.pglite) return wrapPglite(options.pglite);
  return wrapPglite(await openPgliteThread(threadOptions(options)));
}

/**
 * The database at once, for the server's start: PGlite's thread opens its files
 * while the server loads and registers its routes; the first query waits for it, and fails with
 * its error when it cannot open them.
 */
export function startDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.pglite) return wrapPglite(options.pglite);
  return wrapPglite(startPgliteThread(threadOptions(options)));
}

function threadOptions(options: DatabaseOptions): OpenOptions {
  const dir = options.dataDir ?? "./data";
  const isMemory = dir.startsWith("memory://");
  if (!isMemory) mkdirSync(dir, { recursive: true });
  return { dataDir: isMemory ? dir : `${dir}/pglite`, loadDataDir: options.loadDataDir };
}

// Both an in-thread PGlite and the bridge to one in its own thread answer what
// Drizzle's PGlite driver calls, plus listen and close.
type PgliteClient = Pick<PgliteBridge, "listen" | "close" | "closed">;

function wrapPglite(client: PgliteClient): Database {
  const db: Db = drizzlePglite(client as never, { schema, casing: "snake_case" });
  return {
    db,
    kind: "pglite",
    ping: () => ping(db),
    listPendingMigrations: () => listPendingMigrations(db),
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await validateForeignKeys(db);
    },
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  const db: Db = drizzlePg(pool, { schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    ping: () => ping(db),
    listPendingMigrations: () => listPendingMigrations(db),
    migrate: () => migratePostgres(pool),
    listen: (channel, onNotify, onResync) => listenPostgres(url, channel, onNotify, onResync),
    close: () => pool.end(),
    poolStats: () => ({
      max: POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

const LISTEN_RETRY_MS = 1000;

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResync: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (message) => {
      if (message.channel === channel && message.payload) onNotify(message.payload);
    });
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    client = c;
  };
  const reconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(onResync, reconnect);
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    reconnect();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

// Drizzle's migrators (both drivers) record each applied migration's journal timestamp in
// drizzle.__drizzle_migrations; a journal entry without its row is pending.
async function listPendingMigrations(db: Db): Promise<string[]> {
  const entries = readJournal();
  const table = await selectRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table[0]?.name) return entries.map((e) => e.tag);
  const applied = await selectRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const appliedAt = new Set(applied.map((r) => Number(r.created_at)));
  return entries.filter((e) => !appliedAt.has(e.when)).map((e) => e.tag);
}

// Both drivers answer { rows: [...] }.
async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

// Several instances may start at once: the advisory lock lets one migrate while the others wait.
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const db = drizzlePg(client, { schema, casing: "snake_case" });
    await buildPendingIndexesConcurrently(client, await listPendingMigrations(db));
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await validateForeignKeys(db);
  } finally {
    await client
      .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    client.release();
  }
}

// Migrations run in one transaction, where building an index on a big table blocks its writes
// for the whole build. A pending migration's `CREATE [UNIQUE] INDEX IF NOT EXISTS` on a table
// that exists is built here first, CONCURRENTLY, so the migration finds it and only swaps
// constraints. A build interrupted earlier leaves an invalid index, which is dropped and redone.
async function buildPendingIndexesConcurrently(client: pg.PoolClient, pending: string[]) {
  const statement = /^\s*CREATE (UNIQUE )?INDEX IF NOT EXISTS "([^"]+)" ON "([^"]+)"/i;
  for (const tag of pending) {
    const text = readFileSync(`${MIGRATIONS_DIR}/${tag}.sql`, "utf8");
    for (const part of text.split("--> statement-breakpoint")) {
      const code = part.replace(/^\s*--.*$/gm, "").trim();
      const [, unique = "", name, table] = statement.exec(code) ?? [];
      if (!name) continue;
      const { rows } = await client.query<{ exists: boolean; invalid: boolean }>(
        `select to_regclass($1) is not null as exists,
           coalesce((select not i.indisvalid from pg_index i where i.indexrelid = to_regclass($2)), false) as invalid`,
        [`"${table}"`, `"${name}"`],
      );
      if (!rows[0]!.exists) continue;
      if (rows[0]!.invalid) await client.query(`drop index concurrently "${name}"`);
      await client.query(
        code.replace(
          statement,
          `CREATE ${unique}INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "${table}"`,
        ),
      );
    }
  }
}

// Migrations add foreign keys NOT VALID (a quick catalogue change); checking the existing rows
// happens here, after the migration commits, under a lock that lets reads and writes go on.
async function validateForeignKeys(db: Db) {
  const pending = await selectRows<{ table: string; name: string }>(
    db,
    sql`select conrelid::regclass::text as "table", conname as name from pg_constraint
        where contype = 'f' and not convalidated and connamespace = 'public'::regnamespace`,
  );
  for (const { table, name } of pending) {
    await db.execute(sql.raw(`alter table ${table} validate constraint "${name}"`));
  }
}
