// Issue 15 item 5: the JavaScript each page loads before interaction, against its budget: the
// prerendered landing page 90 KB gzip, every other page 160 KB; zod's JSON Schema code nowhere
// in the browser's files. Reads the last build (npm run build) in WEB_DIST_DIR or dist/web.
import { existsSync } from "node:fs";
import path from "node:path";
import { reportMissing } from "./bench-kit";
import { filesWithJsonSchemaCode, measurePages } from "./bundle-budget";

const distDir = process.env.WEB_DIST_DIR ?? "dist/web";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(path.join(distDir, ".vite", "manifest.json"))) {
  reportMissing("bundle", `no built app with a manifest in ${distDir} (run "npm run build")`);
} else {
  const pages = measurePages(distDir, "src/web/app/router.tsx");
  let over = 0;
  for (const { page, files, gzipBytes, budget } of pages) {
    const isOver = gzipBytes > budget;
    if (isOver) over += 1;
    console.log(
      `${isOver ? "✗" : "✓"} ${page}: ${kb(gzipBytes)} gzip in ${files.length} files (budget ${kb(budget)})`,
    );
  }
  const jsonSchemaFiles = filesWithJsonSchemaCode(distDir);
  console.log(
    jsonSchemaFiles.length === 0
      ? "✓ no browser file carries zod's JSON Schema code"
      : `✗ zod's JSON Schema code is in ${jsonSchemaFiles.join(", ")}`,
  );
  if (over > 0 || jsonSchemaFiles.length > 0) process.exitCode = 1;
}
