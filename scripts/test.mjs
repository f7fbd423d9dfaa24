// The whole test suite, each test once, side by side: Vitest (unit, then the API on PostgreSQL
// when TEST_DATABASE_URL is set, else PGlite, plus the PGlite-only files); the web build and then
// the browser tests against it; in CI typecheck, lint and a smoke set on a second Node
// (SECOND_NODE). Ends with one line over all of it: "N passed, N failed, N skipped".
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const isCI = Boolean(process.env.CI);
const tmp = path.resolve(".tmp");
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const started = Date.now();

// Runs a command; with `log`, its output goes to that file and is printed only if it fails, so
// steps that run side by side do not interleave their output.
function run(command, args, { env = {}, log } = {}) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    // The child writes its output straight into the log file, so the file is whole once it exits.
    const fd = log ? openSync(log, "w") : null;
    const child = spawn(command, args, {
      stdio: fd === null ? "inherit" : ["ignore", fd, fd],
      env: { ...process.env, ...env },
    });
    if (fd !== null) closeSync(fd);
    child.on("error", () => resolve(1));
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - stepStarted) / 1000);
      console.log(`${[command, ...args].join(" ").slice(0, 100)}: exit ${code} in ${seconds} s`);
      if (code !== 0 && log) console.log(readFileSync(log, "utf8"));
      resolve(code ?? 1);
    });
  });
}

// Steps run one after another; the chain stops at the first failure.
async function chain(steps) {
  for (const [name, command, args, options] of steps) {
    if ((await run(command, args, options)) !== 0) {
      problems.push(`${name} failed`);
      return false;
    }
  }
  return true;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

async function runVitest({ label, nodeBin = process.execPath, projects, env = {}, log }) {
  const summary = path.join(tmp, `vitest-projects-${label}.json`);
  rmSync(summary, { force: true });
  const childEnv = { ...env, VITEST_PROJECT_SUMMARY: summary };
  // Child processes the tests start (npm run, tsx) find the same Node first on PATH.
  childEnv.PATH = `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}`;
  const status = await run(
    nodeBin,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...projects.flatMap((name) => ["--project", name]),
      "--reporter=dot",
      "--reporter=./scripts/vitest-project-summary.mjs",
    ],
    { env: childEnv, log },
  );
  const result = readJson(summary);
  if (!result) {
    problems.push(`Vitest (${label}) wrote no summary`);
    return;
  }
  for (const counts of Object.values(result.projects)) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  totals.failed += result.unhandledErrors;
  console.log(`Slowest test files (${label}):`);
  for (const { file, seconds } of result.slowest ?? []) console.log(`  ${seconds} s  ${file}`);
  // A project that ran nothing (a config change that drops the PostgreSQL one, say) would
  // otherwise pass unnoticed.
  for (const name of projects) {
    if ((result.projects[name]?.passed ?? 0) === 0)
      problems.push(`${name} ran no tests (${label})`);
  }
  if (status !== 0) problems.push(`Vitest (${label}) exited ${status}`);
}

// The ten slowest browser tests of Playwright's JSON report, where CI's time goes, and the
// tests that passed only on CI's retry, named so they get fixed.
function printSlowestSpecs(report) {
  const tests = [];
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const seconds = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      tests.push({ name: `${spec.file}: ${spec.title}`, seconds: Math.round(seconds / 100) / 10 });
      for (const test of spec.tests.filter((t) => t.status === "flaky")) {
        // The failed attempt's first lines, so a flake can be fixed from CI's log alone.
        const error = test.results.find((r) => r.error)?.error?.message ?? "";
        // Playwright colours its messages; the escape codes are dropped.
        const plain = stripVTControlCharacters(error).split("\n").slice(0, 6);
        flaky.push([`${spec.file}: ${spec.title}`.slice(0, 120), ...plain].join("\n    "));
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  console.log("Slowest browser tests:");
  for (const { name, seconds } of tests.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${seconds} s  ${name.slice(0, 110)}`);
  if (flaky.length > 0) console.log(`Flaky browser tests (passed on the retry): ${flaky.length}`);
  for (const entry of flaky) console.log(`  ${entry}`);
}

if (isCI && !process.env.TEST_DATABASE_URL) {
  console.error("CI requires TEST_DATABASE_URL so the PostgreSQL suites run.");
  process.exit(1);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runE2E = !(process.env.SKIP_E2E === "1" && !isCI);
if (!runE2E) console.log("SKIP_E2E=1: browser tests not run.");
else if (!existsSync(chromium)) {
  problems.push(`Chromium not found at ${chromium}: install it (apt-get install -y chromium)`);
}
const dist = path.join(".tmp", "e2e-dist");
const vite = ["node_modules/vite/bin/vite.js"];
const buildSteps = [
  ["web build", process.execPath, [...vite, "build", "--outDir", dist, "--emptyOutDir"]],
  [
    "server renderer build",
    process.execPath,
    [
      ...vite,
      "build",
      "--ssr",
      "src/web/server-render.tsx",
      "--outDir",
      `${dist}-ssr`,
      "--emptyOutDir",
    ],
  ],
  ["prerender", process.execPath, ["scripts/prerender.mjs", dist]],
];
const checkSteps = isCI
  ? [
      [
        "typecheck",
        process.execPath,
        ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.json"],
      ],
      ["lint", process.execPath, ["node_modules/eslint/bin/eslint.js", "."]],
    ]
  : [];
const logged = (steps) =>
  steps.map(([name, command, args]) => [
    name,
    command,
    args,
    { log: path.join(tmp, `${name.replaceAll(" ", "-")}.log`) },
  ]);
const willBuild = runE2E && existsSync(chromium);

// The second Node's smoke set; its output goes to a file, as the main run's dots fill the terminal.
async function runSecondNode() {
  const secondNode = process.env.SECOND_NODE;
  if (!secondNode) {
    if (isCI)
      problems.push("CI requires SECOND_NODE (Node 22, fetched by .ci/run) for the smoke set");
    return;
  }
  if (!existsSync(secondNode)) {
    problems.push(`SECOND_NODE=${secondNode} does not exist`);
    return;
  }
  await runVitest({
    label: "second-node",
    nodeBin: path.resolve(secondNode),
    projects: ["unit", "smoke"],
    env: { VITEST_SMOKE: "1" },
    log: path.join(tmp, "second-node.log"),
  });
}

// Browser tests against the build; their list goes to a log printed only on a failure, as
// Vitest's dots fill the terminal meanwhile.
async function runPlaywright() {
  const e2eJson = path.join(tmp, "playwright.json");
  rmSync(e2eJson, { force: true });
  const e2eStatus = await run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], {
    env: { E2E_DIST: dist, E2E_JSON: e2eJson },
    log: path.join(tmp, "playwright.log"),
  });
  const report = readJson(e2eJson);
  if (report?.stats) {
    totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected ?? 0;
    totals.skipped += report.stats.skipped ?? 0;
  }
  if (e2eStatus !== 0 || !report) problems.push(`Playwright exited ${e2eStatus}`);
  return report;
}

// Everything is CPU-bound on two cores, so nothing waits for a core to come free: Vitest (one
// worker) starts at once; the build takes seconds, then the browser tests start beside Vitest,
// and the static checks and the smoke set run beside both.
const projects = ["unit", "api", "pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];
const built = willBuild ? chain(logged(buildSteps)) : Promise.resolve(false);
const [, report] = await Promise.all([
  runVitest({ label: "main", projects }),
  built.then((ok) => (ok ? runPlaywright() : null)),
  built.then(() => chain(logged(checkSteps))).then(runSecondNode),
]);
if (report) printSlowestSpecs(report);

for (const problem of problems) console.error(`Problem: ${problem}`);
console.log(`Whole run: ${Math.round((Date.now() - started) / 1000)} s`);
if (problems.length > 0 && totals.failed === 0) totals.failed = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
