// `npm start` on a fresh clone: build the web app once (into WEB_DIST_DIR, where the server
// serves it from) if it has not been built yet, or again with REBUILD=1.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const dist = process.env.WEB_DIST_DIR ?? "dist/web";
if (!existsSync(`${dist}/index.html`) || process.env.REBUILD === "1") {
  console.log(`Building the web app into ${dist}...`);
  for (const [command, args] of [
    ["npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"]],
    ["node", ["scripts/prerender.mjs", dist]],
  ]) {
    const result = spawnSync(command, args, { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
