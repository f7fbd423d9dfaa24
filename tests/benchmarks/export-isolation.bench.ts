// Benchmark: a large account's JSON export must not stall everyone (issue 16 item 1, decision
// 157). A full account (1,000 contacts, 20,000 interactions with notes) is seeded in the
// database; a client in its own process downloads /api/exports/account.json five at a time while
// another times GET /healthz every 25 ms. Budget: /healthz p99 ≤ 100 ms. Run with
// `npm run bench -- export-isolation`.
import { loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { CONTACT_LIMIT } from "../../src/core/constants";
import { contacts, interactions } from "../../src/server/db/schema/index";
import { build, createUser, TEST_APP_URL, type TestApp } from "../helpers/test-app";
import { LOAD_STARTS, probeAroundLoad, summarise } from "./bench-kit";

const CONCURRENT_EXPORTS = 5;
const EXPORTS_EACH = Number(process.env.BENCH_RUNS ?? 2);
const INTERACTIONS = 20_000;
const PROBE_EVERY_MS = 25;
const BUDGET_MS = 100;
const DAY = 86_400_000;

type ClientInput = { baseUrl: string; cookie: string };
type ClientResult = { statuses: number[]; exportMs: number[]; bytes: number };

async function runClient({ baseUrl, cookie }: ClientInput): Promise<ClientResult> {
  const statuses: number[] = [];
  const exportMs: number[] = [];
  let bytes = 0;
  process.stdout.write(LOAD_STARTS);
  await Promise.all(
    Array.from({ length: CONCURRENT_EXPORTS }, async () => {
      for (let i = 0; i < EXPORTS_EACH; i++) {
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/exports/account.json`, {
          headers: { cookie, origin: TEST_APP_URL, "accept-encoding": "identity" },
        });
        bytes = (await res.text()).length;
        exportMs.push(performance.now() - started);
        statuses.push(res.status);
      }
    }),
  );
  return { statuses, exportMs, bytes };
}

async function seed(t: TestApp, userId: string) {
  const now = Date.now();
  const inserted = await t.app.db
    .insert(contacts)
    .values(
      Array.from({ length: CONTACT_LIMIT }, (_, i) => ({
        userId,
        firstName: `First${i}`,
        lastName: `Lastname${i}`,
        emails: [{ label: "Home", value: `person${i}@example.com` }],
        notes: `Met at conference ${i % 30}. Likes hiking, jazz and long lunches.`,
        city: "Lisbon",
        country: "Portugal",
        countryCode: "PT",
        tags: ["friends"],
      })),
    )
    .returning({ id: contacts.id });
  for (let start = 0; start < INTERACTIONS; start += 2_000) {
    await t.app.db.insert(interactions).values(
      Array.from({ length: 2_000 }, (_, j) => ({
        userId,
        contactId: inserted[(start + j) % inserted.length]!.id,
        occurredAt: new Date(now - ((start + j) % 3_000) * DAY),
        channel: "email",
        note: `Caught up about the trip, the kids and the new job (${start + j}).`,
      })),
    );
  }
}

async function main() {
  const t = await build();
  try {
    const user = await createUser(t.app);
    await seed(t, user.id);
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // How long the event loop was busy in all: less swayed by other processes than a delay.
    const busyAtStart = performance.eventLoopUtilization();
    // From the first export's request until the last one's answer.
    const { loaded: probes, result } = await probeAroundLoad<ClientResult>({
      probeUrl: `${baseUrl}/healthz`,
      everyMs: PROBE_EVERY_MS,
      file: fileURLToPath(import.meta.url),
      input: { baseUrl, cookie: user.cookie },
    });
    loop.disable();
    const busy = performance.eventLoopUtilization(busyAtStart);
    const health = summarise(probes);
    const exports = summarise(result.exportMs);
    const statuses = [...new Set(result.statuses)].join(", ");
    const isWithin = health.p99 <= BUDGET_MS;
    console.log(
      `export isolation: ${CONCURRENT_EXPORTS} concurrent JSON exports × ${EXPORTS_EACH} of ${(result.bytes / 1e6).toFixed(1)} MB (answered ${statuses}; median ${exports.median.toFixed(0)} ms each); /healthz over ${health.runs} probes: median ${health.median.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, max ${Math.max(...probes).toFixed(0)} ms — ${isWithin ? "within" : "OVER"} the ${BUDGET_MS} ms budget; server event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms, busy ${busy.active.toFixed(0)} ms of ${(busy.idle + busy.active).toFixed(0)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    if (!isWithin || result.statuses.some((s) => s >= 500)) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

const clientInput = process.env.BENCH_CLIENT;
if (clientInput) process.stdout.write(JSON.stringify(await runClient(JSON.parse(clientInput))));
else await main();
