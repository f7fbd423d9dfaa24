// Prerenders the landing page into <outDir>/landing.html, so "/" paints before any JavaScript
// runs (the server serves landing.html for "/"). Run after `vite build`:
//   node scripts/prerender.mjs [outDir]   (default dist/web)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { register } from "tsx/esm/api";

// The landing page is TypeScript/TSX: load it through tsx.
register();
const { LandingPage } = await import("../src/web/features/billing/components/landing-page.tsx");

const outDir = process.argv[2] ?? process.env.WEB_DIST_DIR ?? "dist/web";
const indexFile = path.join(outDir, "index.html");
const marker = "<!--app-html-->";
const template = readFileSync(indexFile, "utf8");
if (!template.includes(marker)) {
  console.error(`${indexFile} has no ${marker} marker; nothing to prerender into.`);
  process.exit(1);
}
const appName = process.env.APP_NAME || "Tend";
const html = renderToString(
  createElement(MemoryRouter, { initialEntries: ["/"] }, createElement(LandingPage, { appName })),
);
writeFileSync(path.join(outDir, "landing.html"), template.replace(marker, html));
console.log(`prerendered ${path.join(outDir, "landing.html")} (${html.length} characters)`);
