// Benchmark: one user's hostile import must not stall everyone. The server listens on a real
// port; a client in a process of its own (so its timings are not the server's event loop)
// sends five pathological imports at once, a different one in each lane (the probe's 5 MB comma
// header as a file and again inside a JSON body, 1,000 rows of 501 columns, a 9 MB account export
// of one contact's history, the largest CSV every cap lets through), again and again, while a
// third process times GET /healthz every 25 ms. Budget: /healthz p99 ≤ 100 ms. Run with
// `npm run bench -- import-isolation`.
import { loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
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
const IMPORTS_EACH = Number(process.env.BENCH_RUNS ?? 3);
const PROBE_EVERY_MS = 25;
const IDLE_MS = 1_000;
const BUDGET_MS = 100;

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

async function main() {
  const t = await build();
  try {
    const user = await createUser(t.app);
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // How long the event loop was busy in all: less swayed by other processes than a delay.
    const busyAtStart = performance.eventLoopUtilization();
    // Probes on the idle server first (what this machine does on its own: a second of them, then
    // while the client loads its code and builds its files), then while the imports run.
    const {
      idle: idleProbes,
      loaded: probes,
      result,
    } = await probeAroundLoad<ClientResult>({
      probeUrl: `${baseUrl}/healthz`,
      everyMs: PROBE_EVERY_MS,
      file: fileURLToPath(import.meta.url),
      input: { baseUrl, cookie: user.cookie },
      idleMs: IDLE_MS,
    });
    loop.disable();
    const busy = performance.eventLoopUtilization(busyAtStart);
    const health = summarise(probes);
    const idle = summarise(idleProbes);
    const imports = summarise(result.lanes.flatMap((lane) => lane.ms));
    const allStatuses = result.lanes.flatMap((lane) => lane.statuses);
    const max = Math.max(...probes);
    const statuses = [...new Set(allStatuses)].join(", ");
    const isWithin = health.p99 <= BUDGET_MS;
    for (const lane of result.lanes) {
      const times = summarise(lane.ms);
      console.log(
        `  ${lane.name}: answered ${[...new Set(lane.statuses)].join(", ")}, median ${times.median.toFixed(0)} ms`,
      );
    }
    console.log(
      `import isolation: ${CONCURRENT_IMPORTS} concurrent hostile imports × ${IMPORTS_EACH} (answered ${statuses}; median ${imports.median.toFixed(0)} ms, p99 ${imports.p99.toFixed(0)} ms each); /healthz over ${health.runs} probes: median ${health.median.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, max ${max.toFixed(0)} ms — ${isWithin ? "within" : "OVER"} the ${BUDGET_MS} ms budget; idle /healthz p99 ${idle.p99.toFixed(1)} ms; server event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms, busy ${busy.active.toFixed(0)} ms of ${(busy.idle + busy.active).toFixed(0)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    if (!isWithin || allStatuses.some((s) => s >= 500)) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

const clientInput = process.env.BENCH_CLIENT;
if (clientInput) process.stdout.write(JSON.stringify(await runClient(JSON.parse(clientInput))));
else await main();
