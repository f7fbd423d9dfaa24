// The whole test suite: unit + API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) with
// Vitest (again on a second Node when SECOND_NODE is set), then browser tests with Playwright
// against a fresh build, once. Ends with one line over all of it: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const isCI = Boolean(process.env.CI);
const tmp = path.resolve(".tmp");
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let hasRunnerFailure = false;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

if (isCI && !process.env.TEST_DATABASE_URL) {
  console.error("CI requires TEST_DATABASE_URL so the PostgreSQL suites run.");
  process.exit(1);
}

// 1. Vitest: unit and API suites, counted per project by our reporter. With SECOND_NODE (the path
// of another Node binary; .ci/run fetches Node 22 LTS into .tools/), the suites in
// SECOND_NODE_PROJECTS (default: unit and api-pglite, decision 162) run again under it. Child
// processes the tests start (npm run, tsx) find that node first on PATH.
function runVitest({ label, nodeBin, projects }) {
  const summary = path.join(tmp, `vitest-projects-${label}.json`);
  rmSync(summary, { force: true });
  const started = Date.now();
  const env = { VITEST_PROJECT_SUMMARY: summary };
  if (nodeBin) env.PATH = `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}`;
  const status = run(
    nodeBin ?? process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...projects.flatMap((name) => ["--project", name]),
      "--reporter=default",
      "--reporter=./scripts/vitest-project-summary.mjs",
    ],
    env,
  );
  const result = readJson(summary);
  const version = spawnSync(nodeBin ?? process.execPath, ["--version"], { encoding: "utf8" });
  console.log(
    `Vitest on Node ${version.stdout.trim()} (${projects.join(", ")}): ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (result) {
    for (const counts of Object.values(result.projects)) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
    }
    totals.failed += result.unhandledErrors;
    // Every project asked for must have run tests: one that ran nothing (a config or filter
    // change that drops api-postgres, say) would otherwise pass unnoticed.
    for (const name of projects) {
      if ((result.projects[name]?.passed ?? 0) === 0) {
        console.error(`The ${name} project ran no passing tests (${label}).`);
        hasRunnerFailure = true;
      }
    }
  }
  if (status !== 0 || !result) hasRunnerFailure = true;
}

runVitest({
  label: "main",
  projects: ["unit", "api-pglite", ...(process.env.TEST_DATABASE_URL ? ["api-postgres"] : [])],
});

const secondNode = process.env.SECOND_NODE;
if (secondNode) {
  if (!existsSync(secondNode)) {
    console.error(`SECOND_NODE=${secondNode} does not exist.`);
    hasRunnerFailure = true;
  } else {
    const projects = (process.env.SECOND_NODE_PROJECTS ?? "unit,api-pglite")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    runVitest({ label: "second-node", nodeBin: path.resolve(secondNode), projects });
  }
} else if (isCI) {
  console.error(
    "CI requires SECOND_NODE (Node 22, fetched by .ci/run) so the suites run on it too.",
  );
  hasRunnerFailure = true;
}

// 2. Playwright: browser suites against a fresh build.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (process.env.SKIP_E2E === "1" && !isCI) {
  console.log("SKIP_E2E=1: browser tests not run.");
} else if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install -y chromium) to run the browser tests.`,
  );
  hasRunnerFailure = true;
} else {
  const dist = path.join(".tmp", "e2e-dist");
  let buildStatus = run("npx", [
    "vite",
    "build",
    "--outDir",
    dist,
    "--emptyOutDir",
    "--logLevel",
    "warn",
  ]);
  // The server's renderer of the signed-in contact list, beside the app (decision 214).
  if (buildStatus === 0)
    buildStatus = run("npx", [
      "vite",
      "build",
      "--ssr",
      "src/web/server-render.tsx",
      "--outDir",
      `${dist}-ssr`,
      "--emptyOutDir",
      "--logLevel",
      "warn",
    ]);
  if (buildStatus === 0 && existsSync("scripts/prerender.mjs"))
    buildStatus = run("node", ["scripts/prerender.mjs", dist]);
  if (buildStatus !== 0) {
    console.error("The web build failed; browser tests cannot run.");
    hasRunnerFailure = true;
  } else {
    const e2eJson = path.join(tmp, "playwright.json");
    rmSync(e2eJson, { force: true });
    const e2eStatus = run("npx", ["playwright", "test"], { E2E_DIST: dist, E2E_JSON: e2eJson });
    const report = readJson(e2eJson);
    if (report?.stats) {
      totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected ?? 0;
      totals.skipped += report.stats.skipped ?? 0;
    }
    if (e2eStatus !== 0 || !report) hasRunnerFailure = true;
  }
}

if (hasRunnerFailure && totals.failed === 0) totals.failed = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(hasRunnerFailure || totals.failed > 0 ? 1 : 0);
