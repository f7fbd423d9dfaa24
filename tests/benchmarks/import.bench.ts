// Benchmark: importing a 1,000-row Google Contacts CSV end to end (upload → preview → commit,
// through HTTP inject with a real session) on PGlite and on PostgreSQL. Budget: 1 s per import.
// Run with `npm run bench` (all benchmarks) or `npx tsx tests/benchmarks/import.bench.ts`.
import { build, createUser, injectAs } from "../helpers/test-app";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";

const ROWS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 2;
const BUDGET_MS = 1000;

function googleCsv(rows: number): string {
  const header =
    "First Name,Middle Name,Last Name,Organization Name,Organization Title,Birthday,Notes,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - City,Address 1 - Country";
  const lines = Array.from({ length: rows }, (_, i) =>
    [
      `First${i}`,
      "",
      `Last${i}`,
      `Company ${i % 50}`,
      "Engineer",
      `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      `"Met at event ${i}, talked about ""things"""`,
      "Friends ::: * myContacts",
      "* Home",
      `person${i}@example.com`,
      "Mobile",
      `+1 555 ${String(1000000 + i).slice(1)}`,
      "London",
      "United Kingdom",
    ].join(","),
  );
  return `${header}\n${lines.join("\n")}\n`;
}

async function multipart(csv: string, options: Record<string, unknown>) {
  const form = new FormData();
  form.append("options", JSON.stringify(options));
  form.append("file", new Blob([csv], { type: "text/csv" }), "contacts.csv");
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type")! },
  };
}

async function runOn(database: "pglite" | "postgres") {
  process.env.TEST_DB = database;
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await build();
  const csv = googleCsv(ROWS);
  const times: number[] = [];
  try {
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const user = await createUser(t.app);
      const started = performance.now();
      const preview = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/imports/preview",
        ...(await multipart(csv, {})),
      });
      if (preview.statusCode !== 200) throw new Error(`preview: ${preview.body}`);
      const { mapping } = preview.json<{ mapping: unknown[] }>();
      const commit = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/imports",
        ...(await multipart(csv, { mapping, strict: true })),
      });
      if (commit.statusCode !== 201) throw new Error(`commit: ${commit.body}`);
      const created = commit.json<{ import: { createdCount: number } }>().import.createdCount;
      if (created !== ROWS) throw new Error(`created ${created} of ${ROWS}`);
      if (run >= WARMUP) times.push(performance.now() - started);
    }
  } finally {
    await t.close();
  }
  return { database, ...summarise(times) };
}

const results = [await runOn("pglite")];
if (await isPostgresUp()) results.push(await runOn("postgres"));
else reportMissing("import", `PostgreSQL not reachable at ${POSTGRES_URL}`);

let isOverBudget = false;
for (const r of results) {
  const verdict = r.p99 <= BUDGET_MS ? "within" : "OVER";
  if (r.p99 > BUDGET_MS) isOverBudget = true;
  console.log(
    `import ${ROWS}-row CSV (preview + commit) on ${r.database}: median ${r.median.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms over ${r.runs} runs — ${verdict} the ${BUDGET_MS} ms budget`,
  );
}
if (isOverBudget) process.exitCode = 1;
