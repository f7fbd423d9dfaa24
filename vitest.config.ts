import { configDefaults, defineConfig } from "vitest/config";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiFiles = ["src/server/**/*.test.ts", "tests/api/**/*.test.ts"];
// A test that only means something on one database is named for it: `*.pglite.test.ts` (the
// embedded database on disk, the real `npm start` process) or `*.postgres.test.ts` (several
// servers on one PostgreSQL). Each runs in its own project only, so no test is ever skipped.
const pgliteOnly = "**/*.pglite.test.ts";
const postgresOnly = "**/*.postgres.test.ts";
const setupFiles = ["tests/helpers/vitest-setup.ts"];

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
        },
      },
      {
        test: {
          name: "api-pglite",
          include: apiFiles,
          exclude: [...configDefaults.exclude, postgresOnly],
          environment: "node",
          setupFiles,
          env: { TEST_DB: "pglite" },
          // One migrated database for the whole run, loaded by every test database (decision 190).
          globalSetup: ["tests/helpers/pglite-template-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One worker process runs file after file: the server is imported once (decision 190).
          isolate: false,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiFiles,
                exclude: [...configDefaults.exclude, pgliteOnly],
                environment: "node",
                setupFiles,
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                // As api-pglite: the server is imported once per worker (decision 190).
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
