// `npm start` on a fresh clone: build the web app once if it has not been built yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const dist = process.env.WEB_DIST_DIR ?? "dist/web";
if (!existsSync(`${dist}/index.html`) || process.env.REBUILD === "1") {
  console.log("Building the web app (first start)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
