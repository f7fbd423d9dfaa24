// Vitest global setup for the PGlite project: migrates one embedded database for the whole run
// and leaves its dumped data directory in a file that every test file's databases load
// (test-database.ts). Done per test file, this was PGlite's initdb, every migration and a dump
// for each of the ~60 API test files (decision 190).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedDataDir } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "tend-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, await migratedDataDir());
  project.provide("pgliteTemplateFile", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
