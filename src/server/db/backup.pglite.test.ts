// Backup and restore of an embedded installation through the real commands.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
import { openTarReader } from "../lib/tar";

describe("backup and restore, embedded database", () => {
  const root = mkdtempSync(path.join(tmpdir(), "tend-backup-test-"));
  const dataDir = path.join(root, "data");
  const backup = path.join(root, "tend.tar");
  const vars = installationEnv(dataDir);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("restores every user, contact, history entry, setting and file after a wipe", async () => {
    let app = await openInstallation(vars);
    const populated = await populate(app);
    const before = await readAccounts(app, populated);

    // The database is open: the backup refuses rather than copy a live data directory.
    const whileOpen = await runScript("backup", [backup], vars);
    expect(whileOpen.code).toBe(1);
    expect(whileOpen.stderr).toMatch(/open in another process .* stop it first/);
    await app.close();

    const made = await runScript("backup", [backup], vars);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      /Backed up the embedded database \(\d+ tables, \d+ rows\) and 1 stored file/,
    );
    const tar = await openTarReader(backup);
    expect(tar.entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(["manifest.json", "database.pglite.tar.gz", "auth-secret"]),
    );
    await tar.close();
    expect((await runScript("backup", [backup], vars)).stderr).toMatch(/already exists/);

    // Restoring over the installation is refused without --force and changes nothing.
    const refused = await runScript("restore", [backup], vars);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already holds a database: restore into an empty DATA_DIR, or pass --force/,
    );

    rmSync(dataDir, { recursive: true, force: true });
    const restored = await runScript("restore", [backup], vars);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/1 stored file\(s\), every table's row count as in the backup/);

    app = await openInstallation(vars);
    try {
      // Same sessions (the generated secret came back too), same data, same file.
      const after = await readAccounts(app, populated);
      expect(after.fileStatus).toBe(200);
      expect(after).toEqual(before);
      expect(after.seen[0]!.data).toMatchObject({ contacts: expect.any(Array) });
    } finally {
      await app.close();
    }

    const forced = await runScript("restore", [backup, "--force"], vars);
    expect(forced.code, forced.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(true);
  }, 240_000);

  it("explains what it needs when the file is missing or not a backup", async () => {
    const empty = installationEnv(path.join(root, "other"));
    const missing = await runScript("restore", [path.join(root, "nope.tar")], empty);
    expect(missing.stderr).toMatch(/nope\.tar does not exist/);
    const usage = await runScript("backup", [], empty);
    expect(usage.stderr).toMatch(/Usage: npm run backup -- <file>/);
    const notBackup = await runScript("restore", [path.join(process.cwd(), "package.json")], empty);
    expect(notBackup.stderr).toMatch(/is not a Tend backup/);
  }, 120_000);
});
