// Benchmark: one user's hostile import must not stall everyone. A client in a process of its own
// sends five pathological imports at once, a different one in each lane (a 5 MB comma header as
// a file and again inside a JSON body, 1,000 rows of 501 columns, a 9 MB account export of one
// contact's history, the largest CSV every cap lets through), again and again, while a third
// process times GET /healthz every 25 ms. The baseline, in the same run: the same client sending
// the same bytes to a bare node:http server that reads and drops them, probed the same way. Budget:
// the app's /healthz p99 ≤ 4× the bare server's, never under 25 ms (a timer's jitter on a quiet
// machine). Run with `npm run bench -- import-isolation`.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  commaHeaderCsv,
  largestAcceptedCsv,
  longHistoryExport,
  wideCsv,
} from "../fixtures/import/hostile-files";
import { build, createUser, TEST_APP_URL } from "../helpers/test-app";
import { LOAD_STARTS, probeAroundLoad, summarise } from "./bench-kit";

const CONCURRENT_IMPORTS = 5;
const IMPORTS_EACH = Number(process.env.BENCH_RUNS ?? 2);
const PROBE_EVERY_MS = 25;
const RATIO_BUDGET = 4;
const FLOOR_MS = 25;

type ClientInput = { baseUrl: string; cookie: string };
type ClientResult = {
  /** Per hostile file: its answers and how long each took. */
  lanes: { name: string; statuses: number[]; ms: number[] }[];
};

type HostileImport = { name: string; body: () => FormData | string };

function fileForm(content: string, fileName: string, type: string): FormData {
  const form = new FormData();
  form.append("file", new Blob([content], { type }), fileName);
  return form;
}

// One per lane, so the five kinds run at the same time.
function hostileImports(): HostileImport[] {
  const comma = commaHeaderCsv();
  const wide = wideCsv(501, 1_000);
  const history = longHistoryExport(100_000);
  const largest = largestAcceptedCsv();
  return [
    { name: "comma header", body: () => fileForm(comma, "contacts.csv", "text/csv") },
    {
      name: "comma header in JSON",
      body: () => JSON.stringify({ fileName: "contacts.csv", content: comma }),
    },
    { name: "501 columns", body: () => fileForm(wide, "wide.csv", "text/csv") },
    {
      name: "9 MB history",
      body: () => fileForm(history, "account.json", "application/json"),
    },
    { name: "largest accepted", body: () => fileForm(largest, "big.csv", "text/csv") },
  ];
}

async function runClient({ baseUrl, cookie }: ClientInput): Promise<ClientResult> {
  const kinds = hostileImports();
  process.stdout.write(LOAD_STARTS);
  const lanes = await Promise.all(
    Array.from({ length: CONCURRENT_IMPORTS }, async (_, lane) => {
      const kind = kinds[lane % kinds.length]!;
      const result = { name: kind.name, statuses: [] as number[], ms: [] as number[] };
      for (let i = 0; i < IMPORTS_EACH; i++) {
        const body = kind.body();
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/imports/preview`, {
          method: "POST",
          body,
          headers: {
            cookie,
            origin: TEST_APP_URL,
            ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
          },
        });
        await res.text();
        const ms = performance.now() - started;
        result.ms.push(ms);
        result.statuses.push(res.status);
      }
      return result;
    }),
  );
  return { lanes };
}

/** A server that answers /healthz and reads every upload to its end before answering. */
function bareServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/** /healthz at `baseUrl` probed while the client's hostile imports go to it. */
async function probedImports(baseUrl: string, cookie: string) {
  const { loaded, result } = await probeAroundLoad<ClientResult>({
    probeUrl: `${baseUrl}/healthz`,
    everyMs: PROBE_EVERY_MS,
    file: fileURLToPath(import.meta.url),
    input: { baseUrl, cookie },
  });
  return { p99: summarise(loaded).p99, probes: loaded.length, lanes: result.lanes };
}

async function main() {
  const t = await build();
  const bare = await bareServer();
  try {
    const user = await createUser(t.app);
    const appUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const baseline = await probedImports(bare.url, user.cookie);
    const app = await probedImports(appUrl, user.cookie);
    for (const lane of app.lanes) {
      console.log(
        `  ${lane.name}: answered ${[...new Set(lane.statuses)].join(", ")}, median ${summarise(lane.ms).median.toFixed(0)} ms`,
      );
    }
    const budget = Math.max(RATIO_BUDGET * baseline.p99, FLOOR_MS);
    const isWithin = app.p99 <= budget;
    console.log(
      `${isWithin ? "✓" : "✗"} import isolation: ${CONCURRENT_IMPORTS} concurrent hostile imports × ${IMPORTS_EACH}: /healthz p99 ${app.p99.toFixed(1)} ms over ${app.probes} probes, ${(app.p99 / baseline.p99).toFixed(1)}× the bare server's ${baseline.p99.toFixed(1)} ms under the same bytes (budget ≤ ${RATIO_BUDGET}×, never under ${FLOOR_MS} ms)`,
    );
    const statuses = app.lanes.flatMap((lane) => lane.statuses);
    if (!isWithin || statuses.some((s) => s >= 500)) process.exitCode = 1;
  } finally {
    bare.close();
    await t.close();
  }
}

const clientInput = process.env.BENCH_CLIENT;
if (clientInput) process.stdout.write(JSON.stringify(await runClient(JSON.parse(clientInput))));
else await main();
