import { defineConfig } from "vitest/config";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiFiles = ["src/server/**/*.test.ts", "tests/api/**/*.test.ts"];
const setupFiles = ["tests/helpers/vitest-setup.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/core/**/*.test.ts", "src/web/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles,
        },
      },
      {
        test: {
          name: "api-pglite",
          include: apiFiles,
          environment: "node",
          setupFiles,
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiFiles,
                environment: "node",
                setupFiles,
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
