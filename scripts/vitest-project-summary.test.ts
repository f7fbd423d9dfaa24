import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The reporter scripts/test.mjs relies on to add up the Vitest suites and to prove the
// PostgreSQL project ran: run a real Vitest over a two-project fixture and read what it wrote.
describe("vitest project summary reporter", () => {
  mkdirSync(".tmp", { recursive: true });
  const root = mkdtempSync(path.resolve(".tmp", "reporter-fixture-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function write(file: string, text: string) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }

  it("counts passed, failed and skipped tests per project, and a file that cannot load", () => {
    write(
      "vitest.config.mjs",
      `export default { test: { projects: [
        { test: { name: "alpha", include: ["alpha/*.test.mjs"] } },
        { test: { name: "beta", include: ["beta/*.test.mjs"] } },
      ] } };`,
    );
    write(
      "alpha/a.test.mjs",
      `import { expect, test } from "vitest";
       test("passes", () => expect(1).toBe(1));
       test("fails", () => expect(1).toBe(2));
       test.runIf(false)("is not run", () => {});`,
    );
    write(
      "beta/b.test.mjs",
      `import { expect, test } from "vitest"; test("passes", () => expect(1).toBe(1));`,
    );
    write("beta/broken.test.mjs", `import "./missing.mjs";`);
    const summaryFile = path.join(root, "summary.json");
    // The child must not think it is one of this run's workers.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "TEST_DB"),
    );
    const result = spawnSync(
      process.execPath,
      [
        path.resolve("node_modules/vitest/vitest.mjs"),
        "run",
        "--root",
        root,
        "--reporter=dot",
        `--reporter=${path.resolve("scripts/vitest-project-summary.mjs")}`,
      ],
      { env: { ...env, VITEST_PROJECT_SUMMARY: summaryFile }, encoding: "utf8" },
    );
    expect(result.status).toBe(1);
    const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as {
      slowest: { file: string; seconds: number }[];
    };
    expect(summary).toEqual({
      projects: {
        alpha: { files: 1, passed: 1, failed: 1, skipped: 1 },
        beta: { files: 2, passed: 1, failed: 1, skipped: 0 },
      },
      unhandledErrors: 0,
      slowest: expect.any(Array) as unknown,
    });
    // Every file, named with its project, slowest first.
    expect(summary.slowest.map((s) => s.file).sort()).toEqual([
      "alpha: alpha/a.test.mjs",
      "beta: beta/b.test.mjs",
      "beta: beta/broken.test.mjs",
    ]);
    const seconds = summary.slowest.map((s) => s.seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  }, 60_000);
});
