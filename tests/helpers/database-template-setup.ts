// Vitest global setup for the API projects: migrates one database for the whole run, which every
// test file's database copies (test-database.ts) instead of migrating its own.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createMigratedPostgresTemplate, migratedDataDir } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile?: string;
    postgresTemplateDatabase?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === "postgres") {
    const template = await createMigratedPostgresTemplate();
    project.provide("postgresTemplateDatabase", template.name);
    return template.drop;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tend-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, await migratedDataDir());
  project.provide("pgliteTemplateFile", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
