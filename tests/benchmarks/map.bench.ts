// Benchmark: the world map's first frame, with 5,000 located contacts (past the 1,000 limit for
// headroom, so written straight to an empty PostgreSQL database the app then serves), in headless
// Chromium. From navigation to /app/map to the first frame with the outline and every cluster
// drawn, warm HTTP cache, against a baseline in the same run and browser: a bare page where
// MapLibre alone draws the same style, outline and contacts (map-baseline-page.ts). Budget: the
// app's median ≤ 2× the bare page's. Also checks that no other page's initial JavaScript carries
// map code. Needs a built web app (BENCH_WEB_DIST, default dist/web), Chromium and PostgreSQL;
// uses BENCH_PORT (default 4301).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build as esbuild } from "esbuild";
import type { Page } from "playwright-core";
import { PLAYWRIGHT_DISABLE_FEATURES_FLAG } from "../helpers/chromium-flags";
import { createEmptyPostgresDatabase } from "../helpers/test-database";
import {
  isPostgresUp,
  POSTGRES_URL,
  reportMissing,
  startBrowserBenchServer,
  summarise,
} from "./bench-kit";
import { measurePages, readManifest } from "./bundle-budget";
import { seedContacts, worldPlace } from "./seed-contacts";

const DIST = process.env.BENCH_WEB_DIST ?? "dist/web";
const PORT = process.env.BENCH_PORT ?? "4301";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CONTACTS = 5_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATIO_BUDGET = 2;
const BASELINE_PATH = "/__bench/map-baseline";
const MAP_MODULES = [
  "src/web/features/map/components/globe-map.tsx",
  "node_modules/maplibre-gl/dist/maplibre-gl.mjs",
];

/** True when no page loads the globe, MapLibre or the world outline before interaction. */
function mapCodeStaysOnTheMap(): boolean {
  const manifest = readManifest(DIST)!;
  const mapFiles = new Set(MAP_MODULES.map((key) => manifest[key]!.file));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.file.includes("maplibre-gl-worker") || key.includes("world-atlas"))
      mapFiles.add(chunk.file);
  }
  const leaking = measurePages(DIST, "src/web/app/router.tsx").filter(
    (page) => !page.page.includes("map-route") && page.files.some((f) => mapFiles.has(f)),
  );
  for (const page of leaking) console.log(`  ✗ ${page.page} loads map code before interaction`);
  return leaking.length === 0;
}

/** The bare page's script and the files it asks for by URL, bundled as the app's build would. */
async function baselineFiles(): Promise<Map<string, { body: Buffer; type: string }>> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const require = createRequire(import.meta.url);
  const result = await esbuild({
    entryPoints: [path.join(import.meta.dirname, "map-baseline-page.ts")],
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    plugins: [
      {
        name: "url-imports",
        setup(build) {
          build.onResolve({ filter: /\?url$/ }, (args) => {
            const file = require.resolve(args.path.replace(/\?url$/, ""));
            const url = `${BASELINE_PATH}/${path.basename(file)}`;
            const type = file.endsWith(".json") ? "application/json" : "text/javascript";
            files.set(url, { body: readFileSync(file), type });
            return { path: url, namespace: "url" };
          });
          build.onLoad({ filter: /.*/, namespace: "url" }, (args) => ({
            contents: `export default ${JSON.stringify(args.path)};`,
            loader: "js",
          }));
        },
      },
    ],
  });
  files.set(`${BASELINE_PATH}/page.js`, {
    body: Buffer.from(result.outputFiles[0]!.contents),
    type: "text/javascript",
  });
  files.set(`${BASELINE_PATH}/`, {
    body: Buffer.from(
      `<!doctype html><html><body style="margin:0"><div data-testid="globe" style="width:100vw;height:100vh"></div><script type="module" src="${BASELINE_PATH}/page.js"></script></body></html>`,
    ),
    type: "text/html",
  });
  return files;
}

// Notes, in ms since navigation, the first frame drawn with the outline and the contacts in view
// loaded ("render" fires right after a frame is drawn), on whichever page holds the globe.
const FIRST_FRAME_SCRIPT = `(() => {
  const watch = () => {
    const map = document.querySelector('[data-testid="globe"]')?.maplibreMap;
    if (!map) return requestAnimationFrame(watch);
    const isComplete = () =>
      map.isStyleLoaded() &&
      ["countries", "contacts"].every((id) => map.getSource(id) && map.isSourceLoaded(id)) &&
      map.querySourceFeatures("contacts").length > 0;
    const done = () => {
      if (window.__mapFirstFrame || !isComplete()) return;
      window.__mapFirstFrame = performance.now();
    };
    map.on("render", done);
  };
  watch();
})()`;

/** The median first frame of `url` over ROUNDS loads after one that warms the HTTP cache. */
async function firstFrames(newPage: () => Promise<Page>, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const page = await newPage();
    try {
      await page.goto(url);
      await page.waitForFunction(() => "__mapFirstFrame" in window, null, { timeout: 60_000 });
      const at = await page.evaluate(
        () => (window as unknown as Record<string, number>).__mapFirstFrame!,
      );
      if (round > 0) times.push(at);
    } finally {
      await page.close();
    }
  }
  return times;
}

const missing = [
  existsSync(path.join(DIST, ".vite", "manifest.json"))
    ? null
    : `no built app in ${DIST} (run \`npm run build\` or set BENCH_WEB_DIST)`,
  existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`,
  (await isPostgresUp()) ? null : `no PostgreSQL at ${POSTGRES_URL}`,
].filter((m) => m !== null);
if (missing.length > 0) {
  reportMissing("map", missing.join("; "));
  process.exit();
}

process.env.TEST_DATABASE_URL ??= POSTGRES_URL;
const database = await createEmptyPostgresDatabase();
const server = startBrowserBenchServer({
  port: PORT,
  dist: DIST,
  env: { E2E_DATABASE_URL: database.url },
});
let isWithinBudget = mapCodeStaysOnTheMap();

try {
  const baseline = await baselineFiles();
  await server.ready();
  const { chromium } = await import("playwright-core");
  const { createUser } = await import("../e2e/fixtures");
  const { openDatabase } = await import("../../src/server/db/client");
  const { eq } = await import("drizzle-orm");
  const { profiles, users } = await import("../../src/server/db/schema/index");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--enable-unsafe-swiftshader",
      "--enable-webgl",
      "--ignore-gpu-blocklist",
      "--disable-background-networking",
      PLAYWRIGHT_DISABLE_FEATURES_FLAG,
    ],
  });
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 1280, height: 800 },
    timezoneId: "Europe/Lisbon",
    locale: "en-GB",
  });
  await context.route(`**${BASELINE_PATH}/**`, (route) => {
    const file = baseline.get(new URL(route.request().url()).pathname);
    return file
      ? route.fulfill({ body: file.body, contentType: file.type })
      : route.fulfill({ status: 404 });
  });
  const setupPage = await context.newPage();
  const user = await createUser(setupPage);
  await setupPage.close();
  const seeding = await openDatabase({ databaseUrl: database.url });
  try {
    const [row] = await seeding.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    await seedContacts(seeding.db, row!.id, { count: CONTACTS, placeOf: worldPlace });
    // A home in Lisbon: the globe opens there at zoom 2, a whole hemisphere of clusters.
    await seeding.db
      .update(profiles)
      .set({ latitude: 38.72, longitude: -9.14 })
      .where(eq(profiles.id, row!.id));
  } finally {
    await seeding.close();
  }
  await context.addInitScript(FIRST_FRAME_SCRIPT);

  // Alternated, so a busier moment of the machine falls on both alike.
  const app: number[] = [];
  const bare: number[] = [];
  const newPage = () => context.newPage();
  for (let i = 0; i < 2; i++) {
    app.push(...(await firstFrames(newPage, "/app/map")));
    bare.push(...(await firstFrames(newPage, `${BASELINE_PATH}/`)));
  }
  await browser.close();
  const appMs = summarise(app).median;
  const bareMs = summarise(bare).median;
  const ratio = appMs / bareMs;
  const isWithin = ratio <= RATIO_BUDGET;
  console.log(
    `${isWithin ? "✓" : "✗"} map, ${CONTACTS.toLocaleString("en-US")} located contacts: navigation to the first frame with every cluster drawn, median ${appMs.toFixed(0)} ms over ${app.length} loads, ${ratio.toFixed(2)}× MapLibre alone drawing the same map (${bareMs.toFixed(0)} ms; budget ≤ ${RATIO_BUDGET}×)`,
  );
  isWithinBudget &&= isWithin;
} finally {
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await database.drop();
}
process.exitCode = isWithinBudget ? 0 : 1;
