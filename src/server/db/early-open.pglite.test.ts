import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { openPgliteEarly, takeEarlyPglite } from "./early-open";

const dirs: string[] = [];
const opened: Database[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "tend-early-"));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test creates a new database on disk (initdb), which takes seconds on a loaded machine.
describe("the embedded database opened before the app loads", { timeout: 120_000 }, () => {
  it("is the connection openDatabase returns for the same directory", async () => {
    const dir = tempDir();
    const early = openPgliteEarly(dir);
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    expect(await database.ping()).toBe(true);
    // Taken once: nothing is left for a second open.
    expect(await takeEarlyPglite(dir)).toBeUndefined();
    // The database is that thread: closing it closes the early connection.
    expect((await early).closed).toBe(false);
    await database.close();
    expect((await early).closed).toBe(true);
  });

  it("is closed, not kept open beside it, when the app opens another directory", async () => {
    const earlyDir = tempDir();
    const early = openPgliteEarly(earlyDir);
    const database = await openDatabase({ dataDir: tempDir() });
    opened.push(database);
    expect((await early).closed).toBe(true);
    await database.migrate();
    expect(await database.ping()).toBe(true);
  });

  it("reports a directory it cannot open when openDatabase takes it", async () => {
    const file = path.join(tempDir(), "not-a-directory");
    writeFileSync(file, "x");
    void openPgliteEarly(file);
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(
      /EEXIST|ENOTDIR|not a directory/i,
    );
  });
});
