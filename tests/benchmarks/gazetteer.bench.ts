// Benchmark: the offline gazetteer's lookups with regions, countries and other names, against a
// plain-name lookup of the same cities measured in the same run, alternating query by query:
// the place search ("Arlington, VA, USA" against "Arlington") and the exact lookup that places
// imported rows (city, region and country columns against the city alone). Budget: each p99 ≤ 3×
// its baseline's. Run with `npm run bench -- gazetteer`.
import {
  findPlace,
  searchGazetteer,
  warmGazetteer,
  type PlaceText,
} from "../../src/server/features/places/places.public";
import { summarise } from "./bench-kit";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const P99_RATIO_BUDGET = 3;

// [what a person writes, the plain name of the same city as the search took it before]
const QUERIES: [string, string][] = [
  ["Arlington, VA, USA", "Arlington"],
  ["Arlington, Virginia", "Arlington"],
  ["Cologne, Germany", "Köln"],
  ["München", "Munich"],
  ["Gothenburg, Sweden", "Göteborg"],
  ["København", "Copenhagen"],
  ["Kiev, Ukraine", "Kyiv"],
  ["Bombay", "Mumbai"],
  ["NYC", "New York City"],
  ["New York, United States", "New York City"],
  ["LA, California", "LA"],
  ["Springfield, IL", "Springfield"],
  ["Portland, ME, USA", "Portland"],
  ["London, ON, Canada", "London"],
  ["Paris, TX", "Paris"],
  ["Como, VA, Italy", "Como"],
  ["St Louis, MO", "St. Louis"],
  ["Saint Petersburg, Russia", "Saint Petersburg"],
  ["SAO PAULO, Brasil", "São Paulo"],
  ["Kingston, Jamaica", "Kingston"],
];

function asRow(text: string): PlaceText {
  const [city = "", ...rest] = text.split(",");
  return { city, region: rest.length > 1 ? rest[0] : null, country: rest.at(-1) ?? null };
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function main() {
  const stats = warmGazetteer();
  console.log(
    `gazetteer: ${stats.cities} cities, ${stats.names} names, built in ${stats.buildMs.toFixed(0)} ms`,
  );
  const search = { qualified: [] as number[], plain: [] as number[] };
  const lookup = { qualified: [] as number[], plain: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [qualified, plain] of QUERIES) {
      search.plain.push(time(() => searchGazetteer({ q: plain, limit: 5 })));
      search.qualified.push(time(() => searchGazetteer({ q: qualified, limit: 5 })));
      lookup.plain.push(time(() => findPlace({ city: plain })));
      lookup.qualified.push(time(() => findPlace(asRow(qualified))));
    }
  }
  let isOver = false;
  for (const [name, pair] of Object.entries({ search, lookup })) {
    const q = summarise(pair.qualified);
    const p = summarise(pair.plain);
    const ratio = q.p99 / p.p99;
    isOver ||= ratio > P99_RATIO_BUDGET;
    console.log(
      `${name}: p99 ${q.p99.toFixed(3)} ms qualified vs ${p.p99.toFixed(3)} ms plain = ${ratio.toFixed(2)}× (budget ${P99_RATIO_BUDGET}×); median ${q.median.toFixed(3)} vs ${p.median.toFixed(3)} ms; ${q.runs} queries each`,
    );
  }
  if (isOver) {
    console.log("✗ gazetteer: over budget");
    process.exitCode = 1;
  }
}

main();
