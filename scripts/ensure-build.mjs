// `npm start` on a fresh clone: build what is missing, then run the compiled server in this same
// process (decision 137). The web app is built once (into WEB_DIST_DIR, where the server serves it
// from) if it has not been built yet, or again with REBUILD=1; the server is compiled into
// dist-server/ when it is missing or older than its sources, so a pulled change is never run stale.
// Production can skip this script and npm: `node dist-server/main.js` after `npm run build`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer } from "./build-server.mjs";

const dist = process.env.WEB_DIST_DIR ?? "dist/web";
const rebuild = process.env.REBUILD === "1";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs);
  }
  return newest;
}

if (!existsSync(`${dist}/index.html`) || rebuild) {
  console.log(`Building the web app into ${dist}...`);
  run("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"]);
  run("node", ["scripts/prerender.mjs", dist]);
  run("node", ["scripts/compress-assets.mjs", dist]);
}

const server = "dist-server/main.js";
const isServerStale =
  !existsSync(server) ||
  rebuild ||
  Math.max(newestChange("src/server"), newestChange("src/core")) > statSync(server).mtimeMs;
if (isServerStale) {
  console.log("Compiling the server into dist-server...");
  await buildServer("dist-server");
}

if (process.argv.includes("--start")) await import(pathToFileURL(path.resolve(server)).href);
