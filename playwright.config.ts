import { defineConfig } from "@playwright/test";
import { PLAYWRIGHT_DISABLE_FEATURES_FLAG } from "./tests/helpers/chromium-flags";

// Browser tests drive Debian's Chromium against the real built app on a fresh database.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

const chromiumArgs = [
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Playwright's own switched-off features and the omnibox popups headless Chromium would run
  // behind every window.
  PLAYWRIGHT_DISABLE_FEATURES_FLAG,
];
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The world map needs WebGL: Chromium >= 144 no longer falls back to software WebGL by itself,
// so its specs run with SwiftShader instead of --disable-gpu (stack-notes.md).
const MAP_SPECS = "**/map*.spec.ts";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a failed test runs once more, so one flake on a loaded machine does not refuse a whole
  // landing; the test command names every test that passed only on the retry (decision 310).
  // Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Long journeys (import and export, the detail page, the tour with its axe passes) took 53–60 s
  // on a slow shared 2-core machine in a CI run: two minutes each, not one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]]
    : [["list"]],
  use: {
    baseURL,
    // Locally a failed test's trace keeps the DOM at each step; the screencast is left out, as
    // recording it cost about a quarter of the suite's CPU. CI keeps only its log, so it records
    // nothing: the trace cost 0.26 CPU-s a test even when the test passed.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    // The app's service worker answers navigations and built files from its own cache, where
    // page.route() cannot see them: the specs that hold or fail a request (a stale chunk, a late
    // answer) test the page, so workers are off but in the spec about them
    // (installable-app.spec.ts), which allows them.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: MAP_SPECS,
      use: { launchOptions: { executablePath, args: ["--disable-gpu", ...chromiumArgs] } },
    },
    {
      name: "map",
      testMatch: MAP_SPECS,
      use: {
        launchOptions: {
          executablePath,
          args: [
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--enable-webgl",
            "--ignore-gpu-blocklist",
            ...chromiumArgs,
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      WEB_DIST_DIR: process.env.E2E_DIST ?? "dist/web",
    },
  },
});
