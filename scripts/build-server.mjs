// Compiles the server to plain JavaScript in dist-server/ (decision 137), so production runs it
// with `node dist-server/main.js`: no TypeScript compiler loaded at run time. Each entry is one
// bundled ES module; packages stay in node_modules (imported, not copied). The migrations are
// copied next to the bundle, where the compiled db client looks for them.
//   node scripts/build-server.mjs [outDir]   (default dist-server)
import { cpSync, rmSync } from "node:fs";
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

export async function buildServer(outDir = "dist-server") {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live on beside a server started after this build.
  await stop();
  cpSync("src/server/db/migrations", path.join(outDir, "migrations"), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? "dist-server";
  const started = performance.now();
  await buildServer(outDir);
  console.log(
    `compiled the server into ${outDir} in ${Math.round(performance.now() - started)} ms`,
  );
}
