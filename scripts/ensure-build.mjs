// `npm start` on a fresh clone: build what is missing, then run the compiled server in this same
// process. The web app is built once (into WEB_DIST_DIR, where the server serves it
// from) if it has not been built yet, or again with REBUILD=1; the server is compiled into
// dist-server/ when it is missing or older than its sources, so a pulled change is never run stale.
// Production can skip this script and npm: `node dist-server/main.js` after `npm run build`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildServerIfStale } from "./build-server.mjs";

const dist = process.env.WEB_DIST_DIR ?? "dist/web";
const rebuild = process.env.REBUILD === "1";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(`${dist}/index.html`) || !existsSync(`${dist}-ssr/server-render.js`) || rebuild) {
  console.log(`Building the web app into ${dist}...`);
  run("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"]);
  // The server's renderer of the signed-in contact list, beside the app.
  const ssr = ["--ssr", "src/web/server-render.tsx", "--outDir", `${dist}-ssr`, "--emptyOutDir"];
  run("npx", ["vite", "build", ...ssr, "--logLevel", "warn"]);
  run("node", ["scripts/prerender.mjs", dist]);
  run("node", ["scripts/compress-assets.mjs", dist]);
}

const server = await buildServerIfStale({ force: rebuild });

if (process.argv.includes("--start")) await import(pathToFileURL(path.resolve(server)).href);
