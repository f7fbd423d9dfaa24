import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { buildServer } from "../../../scripts/build-server.mjs";
import { createCpuPool } from "./cpu-pool";
import { isCompiledModule, siblingModule } from "./module-file";

describe("siblingModule", () => {
  it("names the TypeScript source from source and the compiled sibling from dist-server", () => {
    const fromSource = siblingModule(
      "file:///app/src/server/features/import-export/import-export.routes.ts",
      "./import-tasks.ts",
      "import-tasks",
    );
    expect(fromSource.href).toBe("file:///app/src/server/features/import-export/import-tasks.ts");
    expect(isCompiledModule(fromSource)).toBe(false);
    const compiled = siblingModule(
      "file:///app/dist-server/main.js",
      "./import-tasks.ts",
      "import-tasks",
    );
    expect(compiled.href).toBe("file:///app/dist-server/import-tasks.js");
    expect(isCompiledModule(compiled)).toBe(true);
  });
});

// The compiled server's worker threads run plain JavaScript, without tsx.
describe("the compiled server's CPU pool", () => {
  // Inside the repository, where the bundle's packages resolve from node_modules.
  mkdirSync(".tmp", { recursive: true });
  const outDir = mkdtempSync(path.join(".tmp", "dist-server-test-"));
  beforeAll(async () => {
    await buildServer(outDir);
  }, 60_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("runs an import task in dist-server/import-tasks.js", async () => {
    const main = pathToFileURL(path.resolve(outDir, "main.js")).href;
    const pool = createCpuPool(siblingModule(main, "./import-tasks.ts", "import-tasks"));
    try {
      const csv = await pool.run<string>("contactsCsvTask", { contacts: [] });
      expect(csv.split("\n")[0]).toMatch(/first/i);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
