// Prerenders the landing page into <outDir>/landing.html, so "/" paints before any JavaScript
// runs (the server serves landing.html for "/"). Vite builds landing.html with the page's own
// small script (src/web/app/landing.tsx); each island is rendered as its own React root, the way that
// script hydrates it. Run after `vite build`:
//   node scripts/prerender.mjs [outDir]   (default dist/web)
// The product name (APP_NAME) is only known when the server runs: the page is rendered with a
// marker in its place, the <head>'s default name becomes the marker too, and an
// application-name meta tag carries it to the client; the server fills them in.
// index.html's head gets the same markers and meta tags, for every page of the app.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { register } from "tsx/esm/api";

// The landing page is TypeScript/TSX: load it through tsx.
register();
const { LandingPage } = await import("../src/web/features/billing/components/landing-page.tsx");
const { IslandRenderContext } =
  await import("../src/web/features/billing/components/landing-islands.tsx");
const { islandIdPrefix } =
  await import("../src/web/features/billing/components/landing-island-roots.tsx");
const { DEFAULT_PRODUCT_NAME, PRODUCT_NAME_MARKER } = await import("../src/core/product-name.ts");
// TRIAL_DAYS is runtime config too: the trial's wording is left as markers the same way.
const { TRIAL_DAYS_MARKER, TRIAL_WORDING_MARKERS } = await import("../src/core/trial-offer.ts");

const outDir = process.argv[2] ?? process.env.WEB_DIST_DIR ?? "dist/web";
const indexFile = path.join(outDir, "landing.html");
const marker = "<!--app-html-->";
const template = readFileSync(indexFile, "utf8");
if (!template.includes(marker)) {
  console.error(`${indexFile} has no ${marker} marker; nothing to prerender into.`);
  process.exit(1);
}
const renderIsland = (name, element) =>
  renderToString(element, { identifierPrefix: islandIdPrefix(name) });
const html = renderToString(
  createElement(
    IslandRenderContext.Provider,
    { value: renderIsland },
    createElement(LandingPage, { appName: PRODUCT_NAME_MARKER, trial: TRIAL_WORDING_MARKERS }),
  ),
);
// index.html's title and description name the product by its default name: markers in their
// place, and the meta tags the client reads the served name and trial length from.
function markServedHead(page) {
  const headEnd = page.indexOf("</head>");
  const head = page
    .slice(0, headEnd)
    .replaceAll(new RegExp(`\\b${DEFAULT_PRODUCT_NAME}\\b`, "g"), PRODUCT_NAME_MARKER);
  const meta =
    `<meta name="application-name" content="${PRODUCT_NAME_MARKER}" />\n  ` +
    `<meta name="trial-days" content="${TRIAL_DAYS_MARKER}" />\n  `;
  return head + meta + page.slice(headEnd);
}
const landing = markServedHead(template).replace(marker, html);
writeFileSync(path.join(outDir, "landing.html"), landing);
console.log(`prerendered ${path.join(outDir, "landing.html")} (${html.length} characters)`);

// /auth and /subscribe as a visitor without a session first sees them: the app's
// own tree (app-tree.tsx) on a memory router at the plain path, its route code loaded and the
// session answered "signed out", which is what the browser has when it hydrates the markup.
const { QueryClient } = await import("@tanstack/react-query");
const { createMemoryRouter } = await import("react-router");
const { AppTree } = await import("../src/web/app/app-tree.tsx");
const { appRoutes } = await import("../src/web/app/router.tsx");
const { PRERENDERED_ATTRIBUTE, PRERENDERED_PATHS } =
  await import("../src/core/prerendered-pages.ts");
const { ME_QUERY_KEY } = await import("../src/web/lib/session/get-me.ts");
const { renderServedConfigAsMarkers } = await import("../src/web/lib/session/get-config.ts");
const appFile = path.join(outDir, "index.html");
const rawAppTemplate = readFileSync(appFile, "utf8");
const rootTag = `<div id="root">${marker}</div>`;
if (!rawAppTemplate.includes(rootTag)) {
  console.error(`${outDir}/index.html has no ${rootTag}; nothing to prerender into.`);
  process.exit(1);
}
// Every page of the app names the configured product from its first paint; the
// build is run once, so a second run finds the head already marked.
const appTemplate = rawAppTemplate.includes('name="application-name"')
  ? rawAppTemplate
  : markServedHead(rawAppTemplate);
writeFileSync(appFile, appTemplate);
// The product name and trial wording are rendered as the markers the server fills in.
renderServedConfigAsMarkers();
for (const pathname of PRERENDERED_PATHS) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [pathname] });
  await new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, null);
  const pageHtml = renderToString(createElement(AppTree, { queryClient, router }));
  const file = path.join(outDir, `${pathname.slice(1)}.html`);
  writeFileSync(
    file,
    appTemplate.replace(
      rootTag,
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${pathname}">${pageHtml}</div>`,
    ),
  );
  router.dispose();
  console.log(`prerendered ${file} (${pageHtml.length} characters)`);
}
