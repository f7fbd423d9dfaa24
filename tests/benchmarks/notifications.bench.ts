// Benchmark: live notifications across two app instances on PostgreSQL (issue 10).
// - 500 streams open on instance A (one per user); notifications are created through instance
//   B's HTTP API; the time from sending B's request (so: including its commit) to the event
//   reaching the client of A. Budget: p99 ≤ 1 s.
// - Write throughput of notifications (notifyUsers, one per transaction, 8 writers) with the
//   NOTIFY wake-up, against the same writes whose pg_notify is a no-op (a function of the same
//   name earlier on that pool's search_path), in rounds that alternate which goes first; the
//   median of the rounds' ratios. Budget: ≥ 90 %. Measured with A's and B's listeners up but
//   the streams closed: on this two-core machine, delivering each event to a client in this
//   very process would take CPU from the writers and measure the machine, not the cost NOTIFY
//   adds to a write. The same ratio with the 500 streams open is printed too.
// - Memory per open stream: instance A's resident memory before and after opening them.
// Run with `npm run bench -- notifications`.
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { startAppProcess, stopAppProcess, type AppProcess } from "../helpers/app-process";
import { openSse, type SseStream } from "../helpers/sse-client";
import { testEnv } from "../helpers/test-app";
import { createEmptyPostgresDatabase } from "../helpers/test-database";
import { flushNotifies, withAfterCommit } from "../../src/server/db/after-commit";
import { openDatabase, type Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema/index";
import { notifyUsers } from "../../src/server/features/notifications/notifications.public";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const WRITERS = 8;
const LANES = 5;
const ROUND_MS = 4000;
const P99_BUDGET_MS = 1000;
const THROUGHPUT_BUDGET = 0.9;
const ORIGIN = "http://localhost:3000";
const SECRET = testEnv().AUTH_SECRET;

// A Better Auth session cookie: the session token signed with the secret (HMAC-SHA256, base64),
// as Better Auth itself writes it, so 500 users need no 500 password hashes.
function sessionCookie(token: string): string {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function writeFor(db: Db, userIds: string[], ms: number): Promise<number> {
  let done = 0;
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      let i = w;
      while (Date.now() < end) {
        const userId = userIds[i % userIds.length]!;
        i += WRITERS;
        await notifyUsers(db, [
          { userId, type: "SYSTEM_ALERT", title: "Throughput", content: "<p>x</p>" },
        ]);
        done += 1;
      }
    }),
  );
  return done;
}

async function main() {
  if (!(await isPostgresUp()))
    return reportMissing("notifications", `no PostgreSQL at ${POSTGRES_URL}`);
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  const apps: AppProcess[] = [];
  const streams: SseStream[] = [];
  const quiet = new pg.Pool({
    connectionString: empty.url,
    max: WRITERS,
    options: "-c search_path=bench_no_notify,pg_catalog,public",
  });
  try {
    await database.migrate();
    await database.db.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'bench-' || g, 'User ' || g, 'bench-' || g || '@example.com', true
      from generate_series(1, ${STREAMS}) g`);
    const userIds = Array.from({ length: STREAMS }, (_, i) => `bench-${i + 1}`);
    const tokens = userIds.map(() => randomBytes(24).toString("base64url"));
    await database.db.insert(schema.sessions).values(
      userIds.map((userId, i) => ({
        id: `bench-session-${i + 1}`,
        token: tokens[i]!,
        userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const cookies = tokens.map(sessionCookie);

    const env = { DATABASE_URL: empty.url, ENABLE_TEST_ROUTES: "true", LOG_LEVEL: "error" };
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    apps.push(a, b);
    const check = await fetch(`${b.url}/api/notifications`, { headers: { cookie: cookies[0]! } });
    if (check.status !== 200) throw new Error(`a bench session is refused: ${check.status}`);

    // Memory: A before and after STREAMS open streams (settled, after a GC-friendly pause).
    await sleep(1000);
    const before = rssKb(a.child.pid!);
    const pending = new Map<string, (at: number) => void>();
    for (let i = 0; i < STREAMS; i += 50) {
      const opened = await Promise.all(
        cookies
          .slice(i, i + 50)
          .map((cookie) => openSse(`${a.url}/api/notifications/stream`, { cookie })),
      );
      streams.push(...opened);
    }
    if (streams.some((s) => s.status !== 200)) throw new Error("a stream was refused");
    streams.forEach((s, i) => {
      s.onEvent = () => {
        pending.get(userIds[i]!)?.(performance.now());
        pending.delete(userIds[i]!);
      };
    });
    await sleep(2000);
    const after = rssKb(a.child.pid!);
    const perStreamKb = (after - before) / STREAMS;

    // Commit-to-event through B → A, LANES requests in flight, each to a user with none pending.
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        while (next < SAMPLES) {
          const n = next++;
          const i = (n * LANES + lane) % STREAMS;
          const userId = userIds[i]!;
          if (pending.has(userId)) continue;
          const arrived = new Promise<number>((resolve) => pending.set(userId, resolve));
          const start = performance.now();
          const res = await fetch(`${b.url}/api/test/notifications`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: ORIGIN, cookie: cookies[i]! },
            body: JSON.stringify({ type: "SYSTEM_ALERT", title: `n${n}`, content: "<p>x</p>" }),
          });
          if (res.status !== 204) throw new Error(`create failed: ${res.status}`);
          const timeout = sleep(10_000).then(() => Number.NaN);
          latencies.push((await Promise.race([arrived, timeout])) - start);
        }
      }),
    );
    const lost = latencies.filter(Number.isNaN).length;
    const { median, p99, runs } = summarise(latencies.map((ms) => (Number.isNaN(ms) ? 1e9 : ms)));

    // Throughput with and without the wake-up, alternating rounds.
    await quiet.query("create schema if not exists bench_no_notify");
    await quiet.query(
      "create or replace function bench_no_notify.pg_notify(text, text) returns void language sql as $$ select $$",
    );
    // Wrapped like the app's database, so both send the same statements after their commits; the
    // quiet one's pg_notify is the no-op above.
    const quietDb = withAfterCommit(
      drizzle(quiet, { schema, casing: "snake_case" }),
    );
    // Each round writes with and without the wake-up back to back, in alternating order so that a
    // drift in the host's speed favours neither; the ratio is the median of the rounds' ratios.
    const compare = async (rounds: number) => {
      let withNotify = 0;
      let without = 0;
      const ratios: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const quietFirst = round % 2 === 0;
        const first = await writeFor(quietFirst ? quietDb : database.db, userIds, ROUND_MS);
        const second = await writeFor(quietFirst ? database.db : quietDb, userIds, ROUND_MS);
        const [w, wo] = quietFirst ? [second, first] : [first, second];
        withNotify += w;
        without += wo;
        ratios.push(w / wo);
      }
      const perSecond = (n: number) => Math.round(n / ((rounds * ROUND_MS) / 1000));
      return {
        withNotify: perSecond(withNotify),
        without: perSecond(without),
        ratio: summarise(ratios).median,
        ratios,
      };
    };
    const delivering = await compare(1);
    for (const s of streams) s.close();
    await sleep(1000);
    const { withNotify, without, ratio, ratios } = await compare(5);
    await flushNotifies(quietDb);

    console.log(
      `notifications: ${STREAMS} streams on A, ${runs} created through B: commit-to-event ` +
        `median ${median.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (budget ${P99_BUDGET_MS} ms)` +
        `${lost ? `, ${lost} lost` : ""}; writes ${withNotify}/s with NOTIFY vs ` +
        `${without}/s without, median ratio of ${ratios.length} rounds ${(ratio * 100).toFixed(1)} % ` +
        `(rounds ${ratios.map((r) => (r * 100).toFixed(0)).join(", ")} %; budget ≥ ${THROUGHPUT_BUDGET * 100} %; ` +
        `with the ${STREAMS} streams open and delivering on this machine: ${delivering.withNotify}/s vs ` +
        `${delivering.without}/s = ${(delivering.ratio * 100).toFixed(1)} %); ` +
        `memory per open stream ${perStreamKb.toFixed(1)} KB (A: ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB)`,
    );
    if (p99 > P99_BUDGET_MS || lost > 0 || ratio < THROUGHPUT_BUDGET) {
      console.log("✗ notifications: over budget");
      process.exitCode = 1;
    }
  } finally {
    for (const s of streams) s.close();
    await Promise.all(apps.map(stopAppProcess));
    await quiet.end();
    await database.close();
    await empty.drop();
  }
}

await main();
