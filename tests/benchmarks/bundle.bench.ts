// Benchmark: the JavaScript each page loads before interaction, gzip, against its budget: the
// prerendered landing page 90 KB, every other page 160 KB. Bytes do not vary with the machine's
// load, so the budgets are absolute. Reads the last build (npm run build) in WEB_DIST_DIR or
// dist/web.
import { existsSync } from "node:fs";
import path from "node:path";
import { reportMissing } from "./bench-kit";
import { measurePages } from "./bundle-budget";

const distDir = process.env.WEB_DIST_DIR ?? "dist/web";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(path.join(distDir, ".vite", "manifest.json"))) {
  reportMissing("bundle", `no built app with a manifest in ${distDir} (run "npm run build")`);
} else {
  let over = 0;
  for (const { page, files, gzipBytes, budget } of measurePages(
    distDir,
    "src/web/app/router.tsx",
  )) {
    const isOver = gzipBytes > budget;
    if (isOver) over += 1;
    console.log(
      `${isOver ? "✗" : "✓"} ${page}: ${kb(gzipBytes)} gzip in ${files.length} files (budget ${kb(budget)})`,
    );
  }
  if (over > 0) process.exitCode = 1;
}
