// Backup and restore on PostgreSQL through the real commands (pg_dump/pg_restore), and the move
// of a populated embedded installation to PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  installationEnv,
  openInstallation,
  populate,
  readAccounts,
  runScript,
} from "../../../tests/helpers/installation-kit";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../tests/helpers/test-database";

describe("backup, restore and the move to PostgreSQL", () => {
  const root = mkdtempSync(path.join(tmpdir(), "tend-backup-pg-"));
  const databases: EmptyPostgresDatabase[] = [];
  const emptyDatabase = async () => {
    const database = await createEmptyPostgresDatabase();
    databases.push(database);
    return database.url;
  };
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it("restores a PostgreSQL installation into an empty database, and refuses a filled one", async () => {
    const source = installationEnv(path.join(root, "pg-data"), await emptyDatabase());
    let app = await openInstallation(source);
    const populated = await populate(app);
    const before = await readAccounts(app, populated);
    // Taken while the app is running: pg_dump's snapshot and the counts are one.
    const backup = path.join(root, "pg.tar");
    const made = await runScript("backup", [backup], source);
    expect(made.stderr).toBe("");
    expect(made.stdout).toMatch(/Backed up the PostgreSQL database .* and 1 stored file/);
    await app.close();

    const refused = await runScript("restore", [backup], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already has \d+ table\(s\): restore into an empty database, or pass --force/,
    );

    // A new server: an empty database and an empty data directory.
    const target = installationEnv(path.join(root, "pg-data-new"), await emptyDatabase());
    const restored = await runScript("restore", [backup], target);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    app = await openInstallation(target);
    try {
      expect(await readAccounts(app, populated)).toEqual(before);
    } finally {
      await app.close();
    }
    const forced = await runScript("restore", [backup, "--force"], target);
    expect(forced.code, forced.stderr).toBe(0);
  }, 240_000);

  it("moves a populated embedded installation to PostgreSQL with every row", async () => {
    const dataDir = path.join(root, "embedded");
    const embedded = installationEnv(dataDir);
    let app = await openInstallation(embedded);
    const populated = await populate(app);
    const before = await readAccounts(app, populated);
    await app.close();

    const url = await emptyDatabase();
    const bad = await runScript("move-to-postgres", ["mysql://x"], embedded);
    expect(bad.stderr).toMatch(/is not a PostgreSQL URL/);
    const moved = await runScript("move-to-postgres", [url], embedded);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/contacts\s+6 → 6/);
    expect(moved.stdout).toMatch(/Moved: every table has the same row count in PostgreSQL/);

    // The second move finds the target filled and changes nothing.
    const again = await runScript("move-to-postgres", [url], embedded);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The PostgreSQL database is not empty \(.*users: 2/);

    // The same DATA_DIR (files, generated secret) with DATABASE_URL: everything is there.
    app = await openInstallation(installationEnv(dataDir, url));
    try {
      expect(await readAccounts(app, populated)).toEqual(before);
    } finally {
      await app.close();
    }
  }, 240_000);
});
