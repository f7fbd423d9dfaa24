// Benchmark: listing a full address book (1,000 contacts) through GET /api/contacts (session
// check, query, states, sort, serialisation and compression as a browser asks for it, via HTTP
// inject) on PGlite and PostgreSQL; budget 50 ms p99. Also the screen's per-keystroke filter (selectContacts over
// the loaded 1,000, the same function the browser runs); budget one frame, 16 ms p99.
// Run with `npm run bench` (all) or `npm run bench -- contacts-list`.
import { brotliDecompressSync } from "node:zlib";
import { selectContacts } from "../../src/core/contact-list";
import { ContactListQuerySchema, type ContactList } from "../../src/core/contact-list-schema";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { build, createUser, injectAs } from "../helpers/test-app";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";
import { seedContacts } from "./seed-contacts";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const LIST_BUDGET_MS = 50;
const FILTER_BUDGET_MS = 16;
// What Chromium sends.
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

async function listOn(database: "pglite" | "postgres") {
  process.env.TEST_DB = database;
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await build();
  try {
    const user = await createUser(t.app);
    await seedContacts(t.app.db, user.id);
    const times: number[] = [];
    const cpu: number[] = [];
    let last: ContactList | undefined;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const res = await injectAs(t.app, user, {
        url: "/api/contacts",
        headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
      });
      const elapsed = performance.now() - started;
      const cpuUsed = process.cpuUsage(cpuBefore);
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
      if (run >= WARMUP) {
        times.push(elapsed);
        cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      }
      if (run === 0) {
        if (res.headers["content-encoding"] !== "br") throw new Error("list: not compressed");
        last = JSON.parse(brotliDecompressSync(res.rawPayload).toString("utf8")) as ContactList;
      }
    }
    if (last?.items.length !== CONTACT_LIMIT) throw new Error(`listed ${last?.items.length}`);
    return { database, ...summarise(times), cpuMedian: summarise(cpu).median, list: last };
  } finally {
    await t.close();
  }
}

// What the screen does per keystroke while someone types a name, then a tag filter on top.
function filterTimes(list: ContactList) {
  const typed = "lastname42 hiking";
  const queries = Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1));
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of queries) {
      const query = ContactListQuerySchema.parse({ q, tag: round % 2 ? "work" : undefined });
      const started = performance.now();
      selectContacts(list.items, query);
      times.push(performance.now() - started);
    }
  }
  return summarise(times.slice(queries.length)); // the first round warms up
}

const [load] = (await import("node:os")).loadavg();
console.log(
  `load average ${load!.toFixed(1)} on ${(await import("node:os")).cpus().length} cores (timings stretch with it)`,
);
const results = [await listOn("pglite")];
if (await isPostgresUp()) results.push(await listOn("postgres"));
else reportMissing("contacts-list", `PostgreSQL not reachable at ${POSTGRES_URL}`);

let isOverBudget = false;
for (const r of results) {
  const verdict = r.p99 <= LIST_BUDGET_MS ? "within" : "OVER";
  if (r.p99 > LIST_BUDGET_MS) isOverBudget = true;
  console.log(
    `list ${CONTACT_LIMIT} contacts (GET /api/contacts, brotli) on ${r.database}: median ${r.median.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms over ${r.runs} runs (this process's CPU per request, median ${r.cpuMedian.toFixed(1)} ms) — ${verdict} the ${LIST_BUDGET_MS} ms budget`,
  );
}
const filter = filterTimes(results[0]!.list);
if (filter.p99 > FILTER_BUDGET_MS) isOverBudget = true;
console.log(
  `filter ${CONTACT_LIMIT} contacts per keystroke (selectContacts): median ${filter.median.toFixed(2)} ms, p99 ${filter.p99.toFixed(2)} ms over ${filter.runs} keystrokes — ${filter.p99 <= FILTER_BUDGET_MS ? "within" : "OVER"} the ${FILTER_BUDGET_MS} ms frame`,
);
if (isOverBudget) process.exitCode = 1;
