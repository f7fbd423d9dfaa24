// Benchmark (issue 50 item 2, decision 325): reopening /app/contacts with 1,000 contacts on a cold
// network, from the device's copy, against the contact list the server rendered into the HTML
// (decision 214, removed by 325), in the same run and browser, alternated round by round.
//
// Two built servers: the copy from this checkout's build (BENCH_WEB_DIST, default dist/web), served
// through a link of its own so that the server finds no renderer beside it (dist/web-ssr): the
// server-rendered list is off. The rendered list from BENCH_BASELINE_CHECKOUT (default this
// checkout), a checkout with the server's renderer built (`npm run build` wrote dist/web-ssr):
// its own server code and build. Each has its own PostgreSQL database and one signed-in user
// with a full address book. Every round opens a fresh browser context signed in as that user
// (an empty HTTP cache, IndexedDB and service worker): a first visit, then, once the device's
// copy is saved, a repeat open. Every /api/ answer reaches the page BENCH_DELAY_MS (default
// 1,500) late: the list's network answer cannot be what paints the rows. The HTML is not delayed:
// today's rows come inside it.
//
// Measured, in ms from navigation: the first contact row on screen (the frame after it is in the
// document), and on a first visit the skeleton rows. Four ways:
//   - rendered: the baseline with service workers blocked, so every open gets the server's HTML
//     with the rows (today's server-rendered first paint, as a browser without the worker sees
//     it);
//   - rendered, worker on: the baseline as it runs today, where the installed worker answers a
//     repeat open with its kept shell (so the server's rows are not used on a repeat open);
//   - copy: this checkout with workers blocked: the shell from the server, the rows from the copy;
//   - copy, worker on: this checkout as the installed app opens it.
// Budget: the copy's median repeat open (both ways) ≤ the rendered list's × (1 + BENCH_NOISE,
// default 0.1), every repeat open from the copy paints its rows without a skeleton first, and
// every first visit of this checkout shows its skeleton before its rows. BENCH_VERBOSE=1 prints
// each open's times, its IndexedDB reads and API answers. Uses BENCH_PORT (default 4206) and a
// free port for the baseline.
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PLAYWRIGHT_DISABLE_FEATURES_FLAG } from "../helpers/chromium-flags";
import { freePort } from "../helpers/app-process";
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from "../helpers/test-database";
import {
  isPostgresUp,
  POSTGRES_URL,
  reportMissing,
  startBrowserBenchServer,
  summarise,
} from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const DIST = process.env.BENCH_WEB_DIST ?? "dist/web";
const BASELINE = path.resolve(process.env.BENCH_BASELINE_CHECKOUT ?? ".");
const PORT = process.env.BENCH_PORT ?? "4206";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 1_500);
const NOISE = Number(process.env.BENCH_NOISE ?? 0.1);
const ROW = '[data-testid="contact-row"]';
const SKELETON = '[data-testid="skeleton-rows"]';

// When the first row and the skeleton are first in the document, and the frame after that (a
// frame is not produced while the page's rendering is blocked, so this is when it is on screen).
const WATCH_SCRIPT = `(() => {
  const times = {};
  window.__reopen = times;
  const note = (key, selector) => {
    if (times[key + "InDocument"] !== undefined || !document.querySelector(selector)) return;
    times[key + "InDocument"] = performance.now();
    times[key + "Text"] = document.querySelector(selector).textContent.slice(0, 40);
    requestAnimationFrame(() => setTimeout(() => (times[key] = performance.now()), 0));
  };
  const check = () => {
    note("row", ${JSON.stringify(ROW)});
    note("skeleton", ${JSON.stringify(SKELETON)});
  };
  if (${Boolean(process.env.BENCH_VERBOSE)}) {
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (key) {
      const request = get.call(this, key);
      const asked = performance.now();
      times.idb = times.idb || [];
      request.addEventListener("success", () => times.idb.push([String(key).slice(0, 8), Math.round(asked), Math.round(performance.now())]));
      return request;
    };
    const fetch = window.fetch;
    times.api = [];
    window.fetch = function (input, init) {
      const asked = performance.now();
      const url = String(input && input.url ? input.url : input);
      const answer = fetch.call(this, input, init);
      answer.then(() => times.api.push([url.slice(-24), Math.round(asked), Math.round(performance.now())]), () => {});
      return answer;
    };
    times.controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  check();
})()`;

type Times = { row?: number; skeleton?: number };

/**
 * Whether the device's copy holds the contact list (persisted-query-cache.ts: store "copies" of
 * the database "tend-query-cache", the current user's copy under "user:<id>"). Looks only once the
 * app has made the database: opening it first would make it without its store.
 */
const IS_LIST_SAVED = `(async () => {
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === "tend-query-cache")) return false;
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("tend-query-cache");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains("copies")) return false;
    const read = (key) =>
      new Promise((resolve, reject) => {
        const request = db.transaction("copies").objectStore("copies").get(key);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const userId = await read("current-user");
    if (typeof userId !== "string") return false;
    const saved = await read("user:" + userId);
    return Boolean(
      saved && saved.state.queries.some((q) => q.queryKey[0] === "contacts" && q.queryKey[1] === "list"),
    );
  } finally {
    db.close();
  }
})()`;

type Side = {
  name: string;
  base: string;
  serviceWorkers: "allow" | "block";
  isCopy: boolean;
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  firstRow: number[];
  skeleton: number[];
  repeatRow: number[];
  /** First visits whose rows showed without a skeleton before them. */
  noSkeleton: number;
  /** Repeat opens that showed the skeleton before the rows (the copy was not used in time). */
  late: number;
};

async function openAndTime(page: Page): Promise<Times> {
  await page.goto("/app/contacts");
  await page.waitForFunction(
    () => (window as unknown as { __reopen: Times }).__reopen.row !== undefined,
    null,
    { timeout: 60_000 },
  );
  return page.evaluate(() => ({ ...(window as unknown as { __reopen: Times }).__reopen }));
}

async function round(browser: Browser, side: Side): Promise<void> {
  const context = await browser.newContext({
    baseURL: side.base,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: side.serviceWorkers,
    storageState: side.storageState,
  });
  try {
    await context.addInitScript(WATCH_SCRIPT);
    await context.route("**/api/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      await route.continue().catch(() => undefined);
    });
    const first = await context.newPage();
    const visit = await openAndTime(first);
    side.firstRow.push(visit.row!);
    if (process.env.BENCH_VERBOSE) console.log(side.name, "first", JSON.stringify(visit));
    if (side.isCopy) {
      if (visit.skeleton === undefined || visit.skeleton >= visit.row!) side.noSkeleton += 1;
      else side.skeleton.push(visit.skeleton);
    }
    // The worker in control and the copy saved before the page is left.
    if (side.serviceWorkers === "allow") {
      await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    }
    // Polled with evaluate, which awaits the check's promise (waitForFunction takes the promise
    // itself as a true answer).
    for (const start = Date.now(); !(await first.evaluate(IS_LIST_SAVED)); ) {
      if (Date.now() - start > 30_000) throw new Error("the list was not saved within 30 s");
      await first.waitForTimeout(250);
    }
    await first.close();
    const again = await context.newPage();
    const reopen = await openAndTime(again);
    side.repeatRow.push(reopen.row!);
    if (process.env.BENCH_VERBOSE) console.log(side.name, "again", JSON.stringify(reopen));
    // A skeleton first: the copy was not read in time, and the rows waited for the network.
    if (side.isCopy && reopen.skeleton !== undefined) side.late += 1;
    await again.close();
  } finally {
    await context.close();
  }
}

/** A server with a fresh PostgreSQL database and one signed-in user with 1,000 contacts. */
async function startSide(browser: Browser, port: string, options: { dist: string; cwd?: string }) {
  const database = await createEmptyPostgresDatabase();
  const server = startBrowserBenchServer({
    port,
    dist: options.dist,
    cwd: options.cwd,
    env: { E2E_DATABASE_URL: database.url },
    // A checkout whose server is older than its sources compiles it first (a minute under load).
    readyTimeoutMs: 300_000,
  });
  await server.ready();
  const { createUser } = await import("../e2e/fixtures");
  const { openDatabase } = await import("../../src/server/db/client");
  const { eq } = await import("drizzle-orm");
  const { users } = await import("../../src/server/db/schema/index");
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const user = await createUser(page, { origin: server.base });
  const seeding = await openDatabase({ databaseUrl: database.url });
  try {
    const [row] = await seeding.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    await seedContacts(seeding.db, row!.id);
  } finally {
    await seeding.close();
  }
  const storageState = await context.storageState();
  await context.close();
  return { server, database, storageState };
}

const missing = [
  existsSync(path.join(DIST, "index.html"))
    ? null
    : `no built app in ${DIST} (run \`npm run build\` or set BENCH_WEB_DIST)`,
  existsSync(path.join(BASELINE, "dist", "web-ssr", "server-render.js"))
    ? null
    : `no server renderer built in ${BASELINE} (dist/web-ssr): set BENCH_BASELINE_CHECKOUT to a built checkout that has one`,
  existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`,
  (await isPostgresUp()) ? null : `no PostgreSQL at ${POSTGRES_URL}`,
].filter((m) => m !== null);
if (missing.length > 0) {
  reportMissing("reopen", missing.join("; "));
  process.exit();
}

process.env.TEST_DATABASE_URL ??= POSTGRES_URL;
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-background-networking", PLAYWRIGHT_DISABLE_FEATURES_FLAG],
});
const started: { server: { stop: () => void }; database: EmptyPostgresDatabase }[] = [];
let isWithinBudget = false;
try {
  // The same files at a path with no renderer beside it.
  const linked = path.join(mkdtempSync(path.join(tmpdir(), "tend-reopen-")), "web");
  symlinkSync(path.resolve(DIST), linked);
  const copy = await startSide(browser, PORT, { dist: linked });
  started.push(copy);
  const rendered = await startSide(browser, String(await freePort()), {
    dist: "dist/web",
    cwd: BASELINE,
  });
  started.push(rendered);
  const side = (
    name: string,
    from: typeof copy,
    serviceWorkers: Side["serviceWorkers"],
    isCopy: boolean,
  ): Side => ({
    name,
    base: from.server.base,
    serviceWorkers,
    isCopy,
    storageState: from.storageState,
    firstRow: [],
    skeleton: [],
    repeatRow: [],
    noSkeleton: 0,
    late: 0,
  });
  const sides = [
    side("rendered (server's HTML)", rendered, "block", false),
    side("copy, worker blocked", copy, "block", true),
    side("rendered, worker on", rendered, "allow", false),
    side("copy, worker on", copy, "allow", true),
  ];
  // One uncounted round each (the servers' first renders and reads), then alternated.
  for (const s of sides) await round(browser, { ...s, firstRow: [], skeleton: [], repeatRow: [] });
  for (let i = 0; i < ROUNDS; i++) for (const s of sides) await round(browser, s);

  const median = (times: number[]) => summarise(times).median;
  for (const s of sides) {
    const skeleton = s.isCopy
      ? `; skeleton on a first visit ${s.skeleton.length ? median(s.skeleton).toFixed(0) : "–"} ms` +
        (s.noSkeleton > 0 ? ` (${s.noSkeleton} first visits without one in time)` : "")
      : "";
    console.log(
      `  ${s.name}: repeat open, first row ${median(s.repeatRow).toFixed(0)} ms ` +
        `[${s.repeatRow.map((t) => t.toFixed(0)).join(", ")}]; first visit, first row ` +
        `${median(s.firstRow).toFixed(0)} ms${skeleton}` +
        (s.late > 0 ? `; ${s.late} repeat opens showed the skeleton first` : ""),
    );
  }
  const today = median(sides[0]!.repeatRow);
  let isWithin = true;
  for (const s of [sides[1]!, sides[3]!]) {
    const ratio = median(s.repeatRow) / today;
    const isFast = ratio <= 1 + NOISE && s.late === 0 && s.noSkeleton === 0;
    isWithin &&= isFast;
    console.log(
      `${isFast ? "✓" : "✗"} reopen /app/contacts, 1,000 contacts, list answer ${DELAY_MS} ms late: ` +
        `${s.name} ${ratio.toFixed(2)}× the server-rendered list (${median(s.repeatRow).toFixed(0)} vs ` +
        `${today.toFixed(0)} ms, median of ${s.repeatRow.length}; budget ≤ ${(1 + NOISE).toFixed(2)}×, ` +
        `a skeleton on every first visit)`,
    );
  }
  isWithinBudget = isWithin;
} finally {
  await browser.close();
  for (const { server } of started) server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const { database } of started) await database.drop();
}
process.exitCode = isWithinBudget ? 0 : 1;
