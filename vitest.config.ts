import { configDefaults, defineConfig } from "vitest/config";

// Every test runs once. The API suite runs on PostgreSQL when TEST_DATABASE_URL is set and on the
// embedded PGlite otherwise; a file that only means something on one database is named for it
// (`*.pglite.test.ts`, `*.postgres.test.ts`) and runs in that database's project alone.
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiFiles = ["src/server/**/*.test.ts", "tests/api/**/*.test.ts"];
const pgliteOnly = "**/*.pglite.test.ts";
const postgresOnly = "**/*.postgres.test.ts";
// With PostgreSQL as the main database, these shared files also run on PGlite, so the embedded
// path keeps an end-to-end round trip of its own.
const contactsRoundTrip = "src/server/features/contacts/contacts.test.ts";
const pgliteSmoke = [contactsRoundTrip, "src/server/features/import-export/round-trip.test.ts"];
const setupFiles = ["tests/helpers/vitest-setup.ts"];
const databaseTemplate = "tests/helpers/database-template-setup.ts";
// The server is imported once per worker and each file gets a fresh database from a template.
const apiProject = {
  environment: "node" as const,
  setupFiles,
  globalSetup: [databaseTemplate],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/core/**/*.test.ts",
            "src/web/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
          environment: "node",
          setupFiles,
          // Pure functions for the most part: one module graph per worker instead of one per
          // file halves the suite's CPU time. Stubbed globals and variables are undone after
          // every test, so none leaks into the next file; a file that fakes the clock restores it.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          ...apiProject,
          name: "api",
          include: apiFiles,
          exclude: [...configDefaults.exclude, pgliteOnly, postgresOnly],
          env: { TEST_DB: hasPostgres ? "postgres" : "pglite" },
        },
      },
      {
        test: {
          ...apiProject,
          name: "pglite",
          include: [pgliteOnly, ...(hasPostgres ? pgliteSmoke : [])],
          env: { TEST_DB: "pglite" },
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                ...apiProject,
                name: "postgres",
                include: [postgresOnly],
                env: { TEST_DB: "postgres" },
              },
            },
          ]
        : []),
      // The second Node's smoke set (scripts/test.mjs): migrations, start and an API round trip.
      ...(process.env.VITEST_SMOKE
        ? [
            {
              test: {
                ...apiProject,
                name: "smoke",
                include: ["src/server/app.pglite.test.ts", contactsRoundTrip],
                env: { TEST_DB: "pglite" },
              },
            },
          ]
        : []),
    ],
  },
});
