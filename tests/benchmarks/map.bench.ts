// Benchmark: the world map (issue 13) in headless Chromium with software WebGL (SwiftShader),
// 5,000 located contacts (past the 1,000 limit for headroom, so written straight to an empty
// PostgreSQL database the app then serves). Measures:
// - from navigation to /app/map to the first frame with every cluster drawn (the first `render`
//   with the outline and the contacts loaded), budget 1.5 s median, with the HTTP cache warm (the
//   first, cold load is printed too); BENCH_TRACE=<file> adds one traced load and prints where
//   its time went (threads, the main thread's functions, each shader program's link);
// - frame time while panning and zooming (requestAnimationFrame deltas during scripted
//   panBy / zoomTo / easeTo and mouse drags), budget p95 within two 60 Hz display frames (30 fps),
//   printed per move too; BENCH_TRACE_PAN=<file> traces the scripted moves and prints where their
//   time went, BENCH_HIDE_LAYERS=<id,id> runs them without those layers (decision 212);
// - the map's chunks (gzip), and that no other page's initial JavaScript carries any of them.
// Needs a built web app (BENCH_WEB_DIST, default dist/web), Chromium and PostgreSQL; uses
// BENCH_PORT (default 4301).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createEmptyPostgresDatabase } from "../helpers/test-database";
import {
  isPostgresUp,
  percentile,
  POSTGRES_URL,
  reportMissing,
  startBrowserBenchServer,
} from "./bench-kit";
import { measurePages, readManifest } from "./bundle-budget";
import { seedContacts, worldPlace } from "./seed-contacts";
import { summariseProfile, summariseTrace } from "./trace-summary";
import { PLAYWRIGHT_DISABLE_FEATURES_FLAG } from "../helpers/chromium-flags";

const DIST = process.env.BENCH_WEB_DIST ?? "dist/web";
const PORT = process.env.BENCH_PORT ?? "4301";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CONTACTS = 5_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A file to write a trace of one more (uncounted) load to; its summary is printed. */
const TRACE = process.env.BENCH_TRACE;
const TRACE_PAN = process.env.BENCH_TRACE_PAN;
const FIRST_FRAME_BUDGET_MS = 1_500;
/**
 * 30 frames per second: a frame drawn within two display frames of 60 Hz. requestAnimationFrame's
 * timestamps are the display's, so a frame that takes two reads 33.3–33.5 ms (the timestamps are
 * coarsened and jitter), and one that takes three reads 50 ms; nothing falls between. The line
 * sits between the two (decision 212): it was 33 ms, which counted a 30 fps frame as a miss.
 */
const FRAME_BUDGET_MS = 34;
const MAP_MODULES = [
  "src/web/features/map/components/globe-map.tsx",
  "node_modules/maplibre-gl/dist/maplibre-gl.mjs",
];

const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Gzip sizes of the map's own files, and whether any page loads one before interaction. */
function mapSizes(): boolean {
  const manifest = readManifest(DIST);
  if (!manifest) {
    reportMissing("map", `no Vite manifest in ${DIST}/.vite`);
    return false;
  }
  const gzip = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  const route = manifest["src/web/app/routes/map-route.tsx"]!;
  const files: [string, string][] = [
    ["map route", route.file],
    ["globe component", manifest[MAP_MODULES[0]!]!.file],
    ["MapLibre", manifest[MAP_MODULES[1]!]!.file],
  ];
  for (const [name, key] of Object.entries(manifest)) {
    if (key.file.includes("maplibre-gl-worker")) files.push(["MapLibre worker", key.file]);
    if (name.includes("world-atlas")) files.push(["world outline", key.file]);
  }
  for (const [name, file] of files) console.log(`  ${name}: ${kb(gzip(file))} gzip (${file})`);

  // The bundle benchmark's figures: no page's initial JavaScript may hold a map file.
  const mapFiles = new Set(files.filter(([name]) => name !== "map route").map(([, f]) => f));
  let leaks = 0;
  for (const page of measurePages(DIST, "src/web/app/router.tsx")) {
    const carried = page.files.filter((f) => mapFiles.has(f));
    if (carried.length > 0) leaks += 1;
    if (carried.length > 0 || /landing|entry|map-route|contacts-route/.test(page.page))
      console.log(
        `  ${carried.length > 0 ? "✗" : "✓"} ${page.page}: ${kb(page.gzipBytes)} gzip before interaction${carried.length > 0 ? `, carries ${carried.join(", ")}` : ", no map code"}`,
      );
  }
  console.log(
    leaks === 0
      ? "  ✓ no page's initial JavaScript holds the globe, MapLibre or the world outline"
      : `  ✗ ${leaks} pages load map code before interaction`,
  );
  return leaks === 0;
}

/**
 * CPU time (ms) used so far by this process's children (the browser, its GPU process with the
 * software renderer, the page): a figure a loaded machine inflates less than wall time.
 */
function childrenCpuMs(): number {
  const parentOf = new Map<number, { parent: number; cpuMs: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, in clock ticks of 10 ms.
      const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
      parentOf.set(Number(entry), { parent: Number(fields[1]), cpuMs });
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const add = (pid: number) => {
    for (const [child, info] of parentOf)
      if (info.parent === pid) {
        total += info.cpuMs;
        add(child);
      }
  };
  add(process.pid);
  return total;
}

const missing = [
  existsSync(path.join(DIST, "index.html"))
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
let isWithinBudget = mapSizes();

try {
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

  // The first frame drawn with the outline and the contacts loaded, in ms since navigation.
  await context.addInitScript(`(() => {
    const watch = () => {
      const el = document.querySelector('[data-testid="globe"]');
      const map = el && el.maplibreMap;
      if (!map) return requestAnimationFrame(watch);
      window.__mapMarks = { "map created": performance.now() };
      map.once("load", () => (window.__mapMarks["map load event"] = performance.now()));
      map.once("render", () => (window.__mapMarks["first render"] = performance.now()));
      window.__mapRenders = 0;
      map.on("render", () => {
        window.__mapRenders += 1;
        if (!window.__mapFirstFrame) window.__mapMarks[\`frame \${window.__mapRenders}\`] = performance.now();
      });
      map.on("data", (e) => {
        if (!window.__mapFirstFrame && e.dataType === "source" && e.isSourceLoaded)
          window.__mapMarks[\`source \${e.sourceId} loaded\`] = performance.now();
      });
      // A frame is complete when it was drawn with every tile of the outline and the contacts
      // in view loaded ("render" fires right after the frame is drawn). MapLibre's "idle" comes
      // one more frame later at best: measuring it added a whole frame (decision 193).
      // The globe may be drawn before the contacts arrive (decision 196): their source must hold
      // them, not only be loaded.
      const isComplete = () =>
        map.isStyleLoaded() &&
        ["countries", "contacts"].every((id) => map.getSource(id) && map.isSourceLoaded(id)) &&
        map.querySourceFeatures("contacts").length > 0;
      map.once("idle", () => (window.__mapMarks["first idle event"] = performance.now()));
      const done = () => {
        if (window.__mapFirstFrame || !isComplete()) return;
        window.__mapFirstFrame = performance.now();
        performance.mark("map first frame");
        window.__mapMarks[\`first complete frame (frame \${window.__mapRenders})\`] =
          window.__mapFirstFrame;
        const seen = new Set();
        let total = 0;
        for (const f of map.querySourceFeatures("contacts")) {
          const key = f.properties.cluster_id ?? f.properties.id;
          if (seen.has(key)) continue;
          seen.add(key);
          total += Number(f.properties.point_count ?? 1);
        }
        window.__mapDrawn = { features: seen.size, contacts: total };
        // Each shader program is compiled and linked (a wait on the GPU process) on first use.
        window.__mapPrograms = Object.keys(map.painter.programCache.programs);
      };
      map.on("render", done);
    };
    watch();
  })()`);

  const firstFrames: number[] = [];
  // CPU time the browser and the server used per load until the first frame: on a loaded
  // machine a steadier figure than the wall time.
  const loadCpuMs: number[] = [];
  let drawn = { features: 0, contacts: 0 };
  let page = await context.newPage();
  for (let round = 0; round <= ROUNDS; round++) {
    if (round > 0) {
      await page.close();
      page = await context.newPage();
    }
    const cpuAtStart = childrenCpuMs();
    await page.goto("/app/map");
    await page.waitForFunction(() => "__mapFirstFrame" in window, null, { timeout: 60_000 });
    loadCpuMs.push(childrenCpuMs() - cpuAtStart);
    firstFrames.push(
      await page.evaluate(() => (window as unknown as Record<string, number>).__mapFirstFrame!),
    );
    drawn = await page.evaluate(
      () => (window as unknown as { __mapDrawn: typeof drawn }).__mapDrawn,
    );
  }
  // The last load's waterfall: when each file and call the map waits for started and ended.
  const waterfall = await page.evaluate(() => {
    const marks = (window as unknown as { __mapMarks: Record<string, number> }).__mapMarks;
    const entries = performance
      .getEntriesByType("resource")
      .filter((e) => /\/api\/|map|maplibre|countries|globe|index-/.test(e.name))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return `${r.startTime.toFixed(0)}–${r.responseEnd.toFixed(0)} ms ${new URL(r.name).pathname}`;
      });
    return [
      ...entries,
      ...Object.entries(marks).map(([name, at]) => `${at.toFixed(0)} ms ${name}`),
    ];
  });
  console.log(`  last load's waterfall:\n    ${waterfall.join("\n    ")}`);
  if (TRACE) {
    await page.close();
    page = await context.newPage();
    // How long each shader program's link made the page wait on the GPU process.
    await page.addInitScript(`(() => {
      const waits = (window.__linkWaits = []);
      for (const C of [WebGL2RenderingContext, WebGLRenderingContext]) {
        const original = C.prototype.getProgramParameter;
        C.prototype.getProgramParameter = function (program, name) {
          const start = performance.now();
          const value = original.call(this, program, name);
          if (name === this.LINK_STATUS) waits.push(performance.now() - start);
          return value;
        };
      }
    })()`);
    await browser.startTracing(page, {
      path: TRACE,
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "blink.user_timing",
        "v8.execute",
        "gpu",
        "gpu.angle",
        "disabled-by-default-gpu.service",
        "toplevel",
      ],
    });
    // The page's main thread, sampled: which functions ran before the first frame.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
    await cdp.send("Profiler.start");
    await page.goto("/app/map");
    await page.waitForFunction(() => "__mapFirstFrame" in window, null, { timeout: 60_000 });
    const { profile } = await cdp.send("Profiler.stop");
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: Parameters<typeof summariseTrace>[0];
    };
    // From the navigation (the page's time origin, `__mapFirstFrame` ms before the mark).
    const mark = traceEvents.find((e) => e.name === "map first frame")!;
    const firstFrame = await page.evaluate(
      () => (window as unknown as Record<string, number>).__mapFirstFrame!,
    );
    const span = { fromUs: mark.ts - firstFrame * 1000, toUs: mark.ts };
    console.log(
      `  traced load (${TRACE}): ${((span.toUs - span.fromUs) / 1000).toFixed(0)} ms from navigation to the first frame`,
    );
    const { programs, waits } = await page.evaluate(() => {
      const w = window as unknown as { __mapPrograms: string[]; __linkWaits: number[] };
      return { programs: w.__mapPrograms, waits: w.__linkWaits };
    });
    console.log(
      `  ${programs.length} shader programs before the first frame (wait for each link): ${programs.map((p, i) => `${p.split("/")[0]} ${waits[i]?.toFixed(0)} ms`).join(", ")}`,
    );
    console.log(`  main thread's JavaScript (self time): ${summariseProfile(profile)}`);
    console.log("  busy time per thread (self time of its heaviest events, ms):");
    for (const cost of summariseTrace(traceEvents, span).filter((c) => c.busyMs >= 50))
      console.log(
        `    ${cost.thread}: ${cost.busyMs.toFixed(0)} ms — ${cost.top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")}`,
      );
  }
  const [cold, ...warm] = firstFrames;
  const sortedWarm = [...warm].sort((a, b) => a - b);
  const firstFrame = percentile(sortedWarm, 50);
  const firstFrameOk = firstFrame <= FIRST_FRAME_BUDGET_MS;
  console.log(
    `${firstFrameOk ? "✓" : "✗"} map, ${CONTACTS.toLocaleString("en-US")} located contacts: navigation to the first frame with every cluster drawn: median ${firstFrame.toFixed(0)} ms, worst ${sortedWarm.at(-1)!.toFixed(0)} ms over ${warm.length} loads, ${percentile(
      [...loadCpuMs.slice(1)].sort((a, b) => a - b),
      50,
    ).toFixed(
      0,
    )} ms CPU each (browser and server, median) (first, cold cache: ${cold!.toFixed(0)} ms; ${drawn.features} markers and clusters for ${drawn.contacts} contacts in the loaded tiles) — budget ${FIRST_FRAME_BUDGET_MS} ms (${load()})`,
  );

  // Panning and zooming: every frame's requestAnimationFrame delta while the map moves.
  // Each frame notes whether the canvas was resized during it (the switch between the sharp and
  // the moving resolution, decision 181): those frames reallocate the drawing buffer.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__resizedFrames = [];
    window.__step = "";
    window.__stepFrames = {};
    let last = 0;
    let resized = false;
    document.querySelector('[data-testid="globe"]').maplibreMap.on("resize", () => (resized = true));
    const tick = (t) => {
      if (window.__recording) {
        if (last) {
          window.__frames.push(t - last);
          (window.__stepFrames[window.__step] ??= []).push(t - last);
          if (resized) window.__resizedFrames.push(t - last);
        }
        last = t;
      } else last = 0;
      resized = false;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const scripted = (steps: string) =>
    page.evaluate(`(async () => {
      const map = document.querySelector('[data-testid="globe"]').maplibreMap;
      const moved = () => new Promise((r) => map.once("moveend", r));
      window.__recording = true;
      for (const step of ${steps}) {
        const done = moved();
        window.__step = String(step).replace(/^\\(m\\) => m\\./, "").slice(0, 40);
        step(map);
        await done;
      }
      window.__recording = false;
    })()`);
  const renderer = await page.evaluate(() => {
    const gl = document.createElement("canvas").getContext("webgl2");
    const info = gl?.getExtension("WEBGL_debug_renderer_info");
    return info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "unknown";
  });
  // BENCH_HIDE_LAYERS=<id,id>: the moves without those layers, to see what each one costs.
  if (process.env.BENCH_HIDE_LAYERS)
    await page.evaluate(`(() => {
      const map = document.querySelector('[data-testid="globe"]').maplibreMap;
      for (const id of ${JSON.stringify(process.env.BENCH_HIDE_LAYERS.split(","))})
        map.setLayoutProperty(id, "visibility", "none");
    })()`);
  const cpuBefore = childrenCpuMs();
  // BENCH_TRACE_PAN=<file>: where the moving globe's time goes, per thread and per function.
  const panCdp = TRACE_PAN ? await context.newCDPSession(page) : undefined;
  if (panCdp) {
    await browser.startTracing(page, {
      path: TRACE_PAN,
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "gpu",
        "toplevel",
      ],
    });
    await panCdp.send("Profiler.enable");
    await panCdp.send("Profiler.setSamplingInterval", { interval: 500 });
    await panCdp.send("Profiler.start");
  }
  const panStartUs = Date.now() * 1000;
  await scripted(`[
    (m) => m.panBy([400, 0], { duration: 1000 }),
    (m) => m.panBy([-300, 200], { duration: 1000 }),
    (m) => m.zoomTo(4, { duration: 1000 }),
    (m) => m.panBy([0, -250], { duration: 800 }),
    (m) => m.zoomTo(6, { duration: 800 }),
    (m) => m.zoomTo(2, { duration: 1200 }),
    (m) => m.easeTo({ center: [139.7, 35.7], duration: 1500 }),
    (m) => m.easeTo({ center: [-9.14, 38.72], zoom: 3, duration: 1500 }),
  ]`);
  if (panCdp) {
    const { profile } = await panCdp.send("Profiler.stop");
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: Parameters<typeof summariseTrace>[0];
    };
    const spanMs = Date.now() - panStartUs / 1000;
    const last = Math.max(...traceEvents.filter((e) => e.ph === "X").map((e) => e.ts));
    console.log(`  traced moves (${TRACE_PAN}): ${spanMs} ms`);
    console.log(`  main thread's JavaScript (self time): ${summariseProfile(profile, 25)}`);
    for (const cost of summariseTrace(
      traceEvents,
      { fromUs: last - spanMs * 1000, toUs: last },
      12,
    ).filter((c) => c.busyMs >= 50))
      console.log(
        `    ${cost.thread}: ${cost.busyMs.toFixed(0)} ms — ${cost.top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")}`,
      );
  }
  // Mouse drags, as a person pans (MapLibre's own drag handler).
  const box = (await page.getByTestId("globe").boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(() => {
    const w = window as unknown as { __recording: boolean; __step: string };
    w.__recording = true;
    w.__step = "mouse drags";
  });
  for (const [dx, dy] of [
    [250, 0],
    [-250, 120],
    [0, -120],
  ] as const) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 30 });
    await page.mouse.up();
  }
  await page.waitForTimeout(300);
  const { frames, resizedFrames, stepFrames } = await page.evaluate(() => {
    const w = window as unknown as {
      __recording: boolean;
      __frames: number[];
      __resizedFrames: number[];
      __stepFrames: Record<string, number[]>;
    };
    w.__recording = false;
    return { frames: w.__frames, resizedFrames: w.__resizedFrames, stepFrames: w.__stepFrames };
  });
  // Which moves the slow frames belong to.
  for (const [step, list] of Object.entries(stepFrames)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${step}: ${list.length} frames, median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ${list.filter((f) => f > FRAME_BUDGET_MS).length} over ${FRAME_BUDGET_MS} ms`,
    );
  }
  const cpuPerFrame = (childrenCpuMs() - cpuBefore) / frames.length;
  const sortedFrames = [...frames].sort((a, b) => a - b);
  const p95 = percentile(sortedFrames, 95);
  const framesOk = p95 <= FRAME_BUDGET_MS;
  const slow = frames.filter((f) => f > FRAME_BUDGET_MS).length;
  console.log(
    `  ${slow} frames over ${FRAME_BUDGET_MS} ms, ${resizedFrames.filter((f) => f > FRAME_BUDGET_MS).length} of them with a canvas resize (${resizedFrames.length} frames had one)`,
  );
  console.log(
    `${framesOk ? "✓" : "✗"} map, panning and zooming: frame time median ${percentile(sortedFrames, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, worst ${sortedFrames.at(-1)!.toFixed(0)} ms over ${frames.length} frames (${(1000 / p95).toFixed(0)} fps at p95; the browser's processes used ${cpuPerFrame.toFixed(0)} ms CPU per frame; ${renderer}) — budget p95 ${FRAME_BUDGET_MS} ms (${load()})`,
  );
  await browser.close();
  isWithinBudget &&= firstFrameOk && framesOk;
  process.exitCode = isWithinBudget ? 0 : 1;
} finally {
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await database.drop();
}
