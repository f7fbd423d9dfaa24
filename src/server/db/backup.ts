// Backups: one tar file holding the database and every stored file.
//   manifest.json            what is inside: database kind, applied migrations, rows per table, files
//   database.pglite.tar.gz   the embedded database (PGlite's dumpDataDir), or
//   database.pgdump          PostgreSQL's pg_dump custom format
//   files/<bucket>/<key>     each stored upload (disk or S3 storage, through the storage API)
// The row counts are taken in the same snapshot as the dump, and a restore checks them.
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Env } from "../env";
import { createStorage } from "../lib/storage/create-storage";
import {
  BUCKETS,
  contentTypeForKey,
  isBucket,
  isSafeKey,
  type Storage,
} from "../lib/storage/storage";
import { createTarWriter, openTarReader, type TarReader } from "../lib/tar";
import { openDatabase, type Database } from "./client";
import { compareCounts, countRows, type RowCounts } from "./tables";

export const BACKUP_FORMAT = "tend-backup";
const MANIFEST = "manifest.json";
const PGLITE_ENTRY = "database.pglite.tar.gz";
const PGDUMP_ENTRY = "database.pgdump";
/** DATA_DIR/.auth-secret, when the installation runs on the generated secret (no AUTH_SECRET). */
const SECRET_ENTRY = "auth-secret";

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  appliedMigrations: number;
  rows: RowCounts;
  files: Record<string, number>;
};

/** A refusal or failure with a message for the operator (the CLIs print it and exit 1). */
export class OperatorError extends Error {}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** PGlite keeps postmaster.pid while a process has the data directory open. */
export function assertEmbeddedNotInUse(dataDir: string): void {
  const pid = path.join(pgliteDir(dataDir), "postmaster.pid");
  if (existsSync(pid)) {
    throw new OperatorError(
      `The embedded database in ${pgliteDir(dataDir)} is open in another process (Tend's server or worker): stop it first. If none is running (it crashed), delete ${pid} and try again.`,
    );
  }
}

async function appliedMigrationCount(database: Database): Promise<number> {
  const result: unknown = await database.db.execute(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number((result as { rows: Array<{ n: string | number }> }).rows[0]?.n ?? 0);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new OperatorError(
              `${command} was not found: install PostgreSQL's client tools (e.g. apt-get install postgresql-client) in the same major version as the server.`,
            )
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new OperatorError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

async function listStoredFiles(storage: Storage) {
  const all: Array<{ bucket: (typeof BUCKETS)[number]; key: string }> = [];
  for (const bucket of BUCKETS) {
    for (const key of await storage.list(bucket, "")) all.push({ bucket, key });
  }
  return all;
}

export type BackupResult = { file: string; manifest: Manifest };

export async function writeBackup(options: { env: Env; file: string }): Promise<BackupResult> {
  const { env, file } = options;
  if (existsSync(file)) {
    throw new OperatorError(`${file} already exists: choose a new file name for the backup.`);
  }
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const work = mkdtempSync(path.join(tmpdir(), "tend-backup-"));
  const tar = await createTarWriter(partial);
  try {
    const { kind, rows, appliedMigrations } = env.DATABASE_URL
      ? await dumpPostgres(env.DATABASE_URL, work)
      : await dumpEmbedded(env.DATA_DIR, work);
    await tar.addFile(kind === "postgres" ? PGDUMP_ENTRY : PGLITE_ENTRY, path.join(work, "db"));
    const storage = createStorage(env);
    const files: Record<string, number> = Object.fromEntries(BUCKETS.map((b) => [b, 0]));
    for (const { bucket, key } of await listStoredFiles(storage)) {
      const object = await storage.get(bucket, key);
      if (!object) continue; // deleted since it was listed
      await tar.addBuffer(`files/${bucket}/${key}`, object.bytes);
      files[bucket] = (files[bucket] ?? 0) + 1;
    }
    const secret = generatedSecret(env);
    if (secret) await tar.addBuffer(SECRET_ENTRY, Buffer.from(secret));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      appliedMigrations,
      rows,
      files,
    };
    await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.close();
    renameSync(partial, file);
    return { file, manifest };
  } catch (error) {
    await tar.close().catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function secretFile(dataDir: string): string {
  return path.join(dataDir, ".auth-secret");
}

// Sessions and links in mail are signed with it: a restore without it would sign everyone out.
function generatedSecret(env: Env): string | null {
  const file = secretFile(env.DATA_DIR);
  if (!existsSync(file)) return null;
  const secret = readFileSync(file, "utf8").trim();
  return secret === env.AUTH_SECRET ? secret : null;
}

async function dumpEmbedded(dataDir: string, work: string) {
  if (!existsSync(pgliteDir(dataDir))) {
    throw new OperatorError(`There is no embedded database in ${pgliteDir(dataDir)} to back up.`);
  }
  assertEmbeddedNotInUse(dataDir);
  const client = new PGlite(pgliteDir(dataDir));
  const database = await openDatabase({ pglite: client });
  try {
    // One process holds the database, so the counts and the dump see the same rows.
    const rows = await countRows(database.db);
    const appliedMigrations = await appliedMigrationCount(database);
    const dump = await client.dumpDataDir("gzip");
    await writeFile(path.join(work, "db"), Buffer.from(await dump.arrayBuffer()));
    return { kind: "pglite" as const, rows, appliedMigrations };
  } finally {
    await database.close();
  }
}

// The counts are read in a repeatable-read transaction whose snapshot pg_dump then uses, so they
// describe exactly the rows in the dump even while the app keeps writing.
async function dumpPostgres(url: string, work: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows: snap } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const rows: RowCounts = {};
    for (const { name } of tables) {
      const { rows: n } = await client.query<{ n: string }>(
        `select count(*) as n from ${pg.escapeIdentifier(name)}`,
      );
      rows[name] = Number(n[0]?.n ?? 0);
    }
    const { rows: migrations } = await client.query<{ n: string }>(
      `select count(*) as n from drizzle.__drizzle_migrations`,
    );
    const appliedMigrations = Number(migrations[0]?.n ?? 0);
    await run("pg_dump", [
      "--format=custom",
      `--snapshot=${snap[0]!.id}`,
      `--file=${path.join(work, "db")}`,
      `--dbname=${url}`,
    ]);
    await client.query("commit");
    return { kind: "postgres" as const, rows, appliedMigrations };
  } finally {
    await client.end();
  }
}

export async function readManifest(reader: TarReader): Promise<Manifest> {
  const entry = reader.entries.find((e) => e.name === MANIFEST);
  let manifest: Partial<Manifest> | null = null;
  try {
    manifest = entry ? (JSON.parse((await reader.read(entry)).toString("utf8")) as Manifest) : null;
  } catch {
    manifest = null;
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new OperatorError("This file is not a Tend backup (no valid manifest.json in it).");
  }
  return manifest as Manifest;
}

export type RestoreResult = { manifest: Manifest; rows: RowCounts; files: number };

export async function restoreBackup(options: {
  env: Env;
  file: string;
  force: boolean;
}): Promise<RestoreResult> {
  const { env, file, force } = options;
  if (!existsSync(file)) throw new OperatorError(`${file} does not exist.`);
  let reader: TarReader;
  try {
    reader = await openTarReader(file);
  } catch {
    throw new OperatorError(`${file} is not a Tend backup (not a readable tar archive).`);
  }
  try {
    const manifest = await readManifest(reader);
    const target = env.DATABASE_URL ? "postgres" : "pglite";
    if (manifest.database !== target) {
      throw new OperatorError(
        manifest.database === "pglite"
          ? "This is a backup of the embedded database, and DATABASE_URL is set: restore it without DATABASE_URL (into DATA_DIR), then run `npm run move-to-postgres -- <DATABASE_URL>`."
          : "This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.",
      );
    }
    const storage = createStorage(env);
    const existingFiles = await listStoredFiles(storage);
    // Every refusal comes before anything is changed.
    if (target === "postgres") await checkPostgresTarget(env.DATABASE_URL!, force);
    else checkEmbeddedTarget(env.DATA_DIR, force);
    if (existingFiles.length > 0 && !force) {
      throw new OperatorError(
        `The file storage already holds ${existingFiles.length} file(s): restore into an empty installation, or pass --force to replace them.`,
      );
    }

    const work = mkdtempSync(path.join(tmpdir(), "tend-restore-"));
    let rows: RowCounts;
    try {
      const dbEntry = reader.entries.find(
        (e) => e.name === (target === "postgres" ? PGDUMP_ENTRY : PGLITE_ENTRY),
      );
      if (!dbEntry) throw new OperatorError("The backup holds no database dump.");
      await reader.extract(dbEntry, path.join(work, "db"));
      rows =
        target === "postgres"
          ? await restorePostgres(env.DATABASE_URL!, path.join(work, "db"), force)
          : await restoreEmbedded(env.DATA_DIR, path.join(work, "db"));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    const secretEntry = reader.entries.find((e) => e.name === SECRET_ENTRY);
    if (secretEntry && !process.env.AUTH_SECRET) {
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(secretFile(env.DATA_DIR), await reader.read(secretEntry), { mode: 0o600 });
    }
    for (const { bucket, key } of existingFiles) await storage.delete(bucket, key);
    let files = 0;
    for (const entry of reader.entries) {
      const match = /^files\/([^/]+)\/(.+)$/.exec(entry.name);
      if (!match || !isBucket(match[1]!) || !isSafeKey(match[2]!)) continue;
      const key = match[2]!;
      await storage.put(match[1], key, await reader.read(entry), contentTypeForKey(key));
      files += 1;
    }
    const mismatches = compareCounts(manifest.rows, rows);
    const expectedFiles = Object.values(manifest.files).reduce((n, c) => n + c, 0);
    if (files !== expectedFiles)
      mismatches.push(`files: expected ${expectedFiles}, found ${files}`);
    if (mismatches.length > 0) {
      throw new OperatorError(
        `The restore does not match the backup:\n  ${mismatches.join("\n  ")}`,
      );
    }
    return { manifest, rows, files };
  } finally {
    await reader.close();
  }
}

function checkEmbeddedTarget(dataDir: string, force: boolean): void {
  const dir = pgliteDir(dataDir);
  if (!existsSync(dir) || readdirSync(dir).length === 0) return;
  assertEmbeddedNotInUse(dataDir);
  if (!force) {
    throw new OperatorError(
      `${dir} already holds a database: restore into an empty DATA_DIR, or pass --force to replace it (the current one is kept aside as ${dir}.before-restore-<time>).`,
    );
  }
}

async function restoreEmbedded(dataDir: string, dumpFile: string): Promise<RowCounts> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    renameSync(dir, `${dir}.before-restore-${new Date().toISOString().replaceAll(":", "-")}`);
  }
  const blob = new Blob([await readFile(dumpFile)]);
  const client = await PGlite.create(dir, { loadDataDir: blob });
  const database = await openDatabase({ pglite: client });
  try {
    return await countRows(database.db);
  } finally {
    await database.close();
  }
}

async function listPostgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new OperatorError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle')`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function checkPostgresTarget(url: string, force: boolean): Promise<void> {
  const tables = await listPostgresTables(url);
  if (tables.length > 0 && !force) {
    throw new OperatorError(
      `The database at DATABASE_URL already has ${tables.length} table(s): restore into an empty database, or pass --force to replace its contents.`,
    );
  }
}

async function restorePostgres(url: string, dumpFile: string, force: boolean): Promise<RowCounts> {
  await run("pg_restore", [
    "--no-owner",
    "--exit-on-error",
    "--single-transaction",
    ...(force ? ["--clean", "--if-exists"] : []),
    `--dbname=${url}`,
    dumpFile,
  ]);
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await countRows(database.db);
  } finally {
    await database.close();
  }
}
