// Benchmark: a big installation on one PostgreSQL. On a database seeded by `npm run seed:scale`
// (100,000 accounts with 50 contacts each by default; seeded here first when it has fewer):
// - one account's list of 1,000 contacts among all the others ÷ the same account alone in an
//   empty database (throughput, alternated rounds; budget ≥ 0.9);
// - random accounts' lists read by 1, 2 and 4 app processes at once, and where the CPU went;
// - every account's digest due in the same minute, with 1 and 2 workers sending to a local SMTP
//   peer: time until all are queued (≤ 60 s) and lateness at the peer p99 (≤ 5 minutes), while
//   random accounts read their lists at a steady rate: that p99 ÷ the same reads with nothing
//   else running (reported; no budget).
// Run with `npm run bench -- scale`. BENCH_SCALE_DATABASE_URL names the database (kept between
// runs: seeding 100,000 accounts takes minutes), BENCH_SCALE_USERS its size, BENCH_SCALE_PARTS
// which parts run.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { startAppProcess, stopAppProcess, type AppProcess } from "../helpers/app-process";
import { startSmtpPeer } from "../helpers/smtp-peer";
import { TEST_APP_URL } from "../helpers/test-app";
import { createEmptyPostgresDatabase } from "../helpers/test-database";
import { startWorker, stopWorker, type WorkerProcess } from "../helpers/worker-process";
import {
  isPostgresUp,
  loadInWorker,
  POSTGRES_URL,
  reportMissing,
  startProbe,
  summarise,
} from "./bench-kit";

const DATABASE_URL =
  process.env.BENCH_SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tend_scale";
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const CONTACTS = Number(process.env.BENCH_SCALE_CONTACTS ?? 50);
const PASSWORD = "bench-scale-password";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROCESSES = [1, 2, 4];
const WORKERS = [1, 2];
const SESSIONS = 100;
const READ_EVERY_MS = 100;
const BUDGETS = { amongMany: 0.9, queuedMs: 60_000, latenessP99Ms: 5 * 60_000 };
// Messages in flight per worker: a big installation's setting (docs/deployment.md), not the
// default of 4, which keeps a small relay's connection limit.
const OUTBOX_CONCURRENCY = process.env.BENCH_SCALE_OUTBOX_CONCURRENCY ?? "16";
// BENCH_SCALE_PARTS: which of the three to run (among, processes, digests); all by default.
const PARTS = new Set((process.env.BENCH_SCALE_PARTS ?? "among,processes,digests").split(","));
const APP_ENV = { API_RATE_LIMIT_PER_MINUTE: "1000000", LOG_LEVEL: "error" };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function seed(url: string, users: number, contacts: number) {
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/server/seed-scale-cli.ts",
      ...["--users", String(users), "--contacts", String(contacts), "--password", PASSWORD],
    ],
    { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } },
  );
  if (result.status !== 0) throw new Error(`seed:scale exited with ${result.status}`);
}

async function signIn(app: AppProcess, email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: TEST_APP_URL, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** CPU seconds used so far by each process named (utime + stime from /proc). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone: a backend that closed
    }
  }
  return ticks / 100;
}

function postgresPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    });
}

/** The machine's busy and total CPU time so far, from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

async function withApps<T>(count: number, url: string, work: (apps: AppProcess[]) => Promise<T>) {
  // One at a time: several starting at once on a busy machine can miss the start's minute.
  const apps: AppProcess[] = [];
  try {
    for (let i = 0; i < count; i++)
      apps.push(await startAppProcess({ DATABASE_URL: url, ...APP_ENV }));
    return await work(apps);
  } finally {
    await Promise.all(apps.map(stopAppProcess));
  }
}

/** The list of a seeded account with 1,000 contacts, in the big database and alone. */
async function amongMany(client: pg.Client) {
  const { rows } = await client.query<{ email: string }>(`
    select u.email from users u where u.email like '%@seed.invalid'
      and (select count(*) from contacts c where c.user_id = u.id) >= 1000 limit 1`);
  let bigEmail = rows[0]?.email;
  if (!bigEmail) {
    seed(DATABASE_URL, 1, 1000);
    bigEmail = (
      await client.query<{ email: string }>(
        `select email from users where email like '%@seed.invalid' order by created_at desc limit 1`,
      )
    ).rows[0]!.email;
  }
  process.env.TEST_DATABASE_URL ??= POSTGRES_URL;
  const alone = await createEmptyPostgresDatabase();
  try {
    seed(alone.url, 1, 1000);
    const rps = { many: [] as number[], alone: [] as number[] };
    await withApps(1, DATABASE_URL, async ([many]) =>
      withApps(1, alone.url, async ([single]) => {
        const manyCookie = await signIn(many!, bigEmail);
        const aloneCookie = await signIn(single!, "seed-1@seed.invalid");
        const sides = [
          ["many", many!, manyCookie],
          ["alone", single!, aloneCookie],
        ] as const;
        const loadOf = (app: AppProcess, cookie: string) => ({
          url: `${app.url}/api/contacts`,
          headers: { cookie },
          connections: 8,
        });
        // Uncounted: the first requests of a process load its code and fill its caches.
        for (const [, app, cookie] of sides) await loadInWorker(loadOf(app, cookie), 3);
        for (let round = 0; round < ROUNDS; round++) {
          for (const [side, app, cookie] of sides) {
            const result = await loadInWorker(loadOf(app, cookie), SECONDS);
            if (result.non2xx || result.errors)
              throw new Error(`${side}: ${JSON.stringify(result)}`);
            rps[side].push(result.rps);
          }
        }
      }),
    );
    const many = summarise(rps.many).median;
    const single = summarise(rps.alone).median;
    const ratio = many / single;
    const isWithin = ratio >= BUDGETS.amongMany;
    console.log(
      `${isWithin ? "✓" : "✗"} scale: a list of 1,000 among ${USERS.toLocaleString("en")} accounts: ${many.toFixed(1)} req/s, ${ratio.toFixed(2)} of the same account alone (${single.toFixed(1)} req/s; medians of ${ROUNDS}; budget ≥ ${BUDGETS.amongMany})`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    await alone.drop();
  }
}

/** Random accounts' lists through 1, 2 and 4 app processes, and who used the CPU. */
async function processes(emails: string[]) {
  for (const count of PROCESSES) {
    await withApps(count, DATABASE_URL, async (apps) => {
      const cookies = await Promise.all(emails.map((e, i) => signIn(apps[i % apps.length]!, e)));
      const requests = cookies.map((cookie) => ({ path: "/api/contacts", headers: { cookie } }));
      await Promise.all(
        apps.map((app) => loadInWorker({ url: app.url, connections: 2, requests }, 3)),
      );
      const appPids = apps.map((a) => a.child.pid!);
      const pgPids = postgresPids();
      const before = { app: cpuSeconds(appPids), pg: cpuSeconds(pgPids), machine: machineCpu() };
      // 16 connections in all, shared among the processes: the same offered load each time.
      const results = await Promise.all(
        apps.map((app) =>
          loadInWorker({ url: app.url, connections: Math.ceil(16 / count), requests }, SECONDS),
        ),
      );
      const machine = machineCpu();
      const wall = machine.total - before.machine.total;
      const share = (used: number) => `${Math.round((100 * used) / wall)} %`;
      const failed = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
      if (failed) throw new Error(`${failed} list reads failed with ${count} processes`);
      const rps = results.reduce((n, r) => n + r.rps, 0);
      console.log(
        `  ${count} app process${count > 1 ? "es" : ""}: ${rps.toFixed(1)} list reads/s (16 clients, random accounts), p99 ${Math.max(...results.map((r) => r.p99Ms))} ms; CPU: machine ${share(machine.busy - before.machine.busy)}, app processes ${share(cpuSeconds(appPids) - before.app)}, PostgreSQL ${share(cpuSeconds(postgresPids()) - before.pg)}`,
      );
    });
  }
}

/** Every account's digest due at once, sent by `workerCount` workers, while lists are read. */
async function nineOClock(
  client: pg.Client,
  cookies: string[],
  app: AppProcess,
  workerCount: number,
  idleP99: number,
) {
  const smtp = await startSmtpPeer();
  const arrivals: number[] = [];
  // Only the arrival times are kept: 100,000 digests' bodies would fill the heap.
  smtp.received.push = (...mails) => arrivals.push(...mails.map(() => Date.now()));
  // A slot a few seconds ahead, so the workers have started when it comes.
  const slot = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
  // Each schedule's hour becomes the slot's hour where it lives, so the next occurrence is
  // tomorrow's and only the slot's digests go out during the run.
  const { rowCount: due } = await client.query(
    `update user_reminders set next_scheduled_at = $1,
       reminder_time = to_char($1::timestamptz at time zone timezone, 'HH24') || ':00'
     where is_active`,
    [slot.toISOString()],
  );
  const workers: WorkerProcess[] = [];
  const reader = await startProbe(`${app.url}/api/contacts`, READ_EVERY_MS, {
    cookies,
    steady: true,
  });
  try {
    for (let i = 0; i < workerCount; i++) {
      workers.push(
        startWorker({
          DATABASE_URL,
          SMTP_URL: smtp.url,
          LOG_LEVEL: "error",
          SCHEDULER_INTERVAL_SECONDS: "1",
          OUTBOX_CONCURRENCY,
        }),
      );
    }
    await new Promise((r) => setTimeout(r, slot.getTime() - Date.now()));
    reader.mark();
    const workerPids = workers.map((w) => w.child.pid!);
    const before = { workers: cpuSeconds(workerPids), pg: cpuSeconds(postgresPids()) };
    const machineBefore = machineCpu();
    let queuedMs = 0;
    let mails = 0;
    for (;;) {
      if (Date.now() - slot.getTime() > 45 * 60_000)
        throw new Error("not all arrived in 45 minutes");
      await new Promise((r) => setTimeout(r, 1000));
      if (!queuedMs) {
        const { rows } = await client.query<{ n: number; mails: number }>(
          `select count(distinct d.user_id)::int as n, count(o.id) filter (where o.channel = 'email')::int as mails
           from reminder_deliveries d left join outbox o on o.delivery_id = d.id
           where d.scheduled_for = $1 and d.lane = 'primary'`,
          [slot.toISOString()],
        );
        if (rows[0]!.n >= (due ?? 0)) {
          queuedMs = Date.now() - slot.getTime();
          mails = rows[0]!.mails;
        }
      }
      if (queuedMs && arrivals.length >= mails) break;
    }
    // CPU per digest, for sizing: what the workers and PostgreSQL spent from the slot until the
    // last mail arrived (PostgreSQL's share includes the list reads' few queries).
    const machine = machineCpu();
    const perDigest = (used: number) => `${((1000 * used) / Math.max(1, due ?? 0)).toFixed(2)} ms`;
    const cpu = {
      workers: cpuSeconds(workerPids) - before.workers,
      pg: cpuSeconds(postgresPids()) - before.pg,
      busy: (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total),
    };
    const lateness = summarise(arrivals.map((at) => at - slot.getTime()));
    const [, during = []] = await reader.stop();
    const readP99 = summarise(during).p99;
    const isWithin = queuedMs <= BUDGETS.queuedMs && lateness.p99 <= BUDGETS.latenessP99Ms;
    console.log(
      `${isWithin ? "✓" : "✗"} scale: ${(due ?? 0).toLocaleString("en")} digests due in one minute, ${workerCount} worker${workerCount > 1 ? "s" : ""} (OUTBOX_CONCURRENCY ${OUTBOX_CONCURRENCY}): all queued in ${seconds(queuedMs)} (budget ${seconds(BUDGETS.queuedMs)}); ${arrivals.length.toLocaleString("en")} mails at the peer, the last ${seconds(Math.max(...arrivals) - slot.getTime())} after the slot, lateness p99 ${seconds(lateness.p99)} (budget ${seconds(BUDGETS.latenessP99Ms)}); list reads meanwhile p99 ${Math.round(readP99)} ms, ${(readP99 / idleP99).toFixed(1)}× the same reads with nothing else running (${Math.round(idleP99)} ms)`,
    );
    console.log(
      `  CPU per digest: workers ${perDigest(cpu.workers)}, PostgreSQL ${perDigest(cpu.pg)}; the machine ${Math.round(100 * cpu.busy)} % busy meanwhile`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    await reader.stop().catch(() => undefined);
    await Promise.all(workers.map(stopWorker));
    await smtp.close();
  }
}

async function main() {
  if (!(await isPostgresUp())) return reportMissing("scale", `no PostgreSQL at ${POSTGRES_URL}`);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const name = new URL(DATABASE_URL).pathname.slice(1);
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const have = await client
      .query<{ n: number }>(
        `select count(*)::int as n from users where email like '%@seed.invalid'`,
      )
      .then((r) => r.rows[0]!.n)
      .catch(() => 0);
    if (have < USERS) seed(DATABASE_URL, USERS - have, CONTACTS);
    if (PARTS.has("among")) await amongMany(client);
    const { rows } = await client.query<{ email: string }>(
      `select email from users where email like '%@seed.invalid' order by random() limit $1`,
      [SESSIONS],
    );
    const emails = rows.map((r) => r.email);
    if (PARTS.has("processes")) await processes(emails);
    if (!PARTS.has("digests")) return;
    await withApps(1, DATABASE_URL, async ([app]) => {
      const cookies = await Promise.all(emails.map((e) => signIn(app!, e)));
      const idle = await startProbe(`${app!.url}/api/contacts`, READ_EVERY_MS, {
        cookies,
        steady: true,
      });
      await new Promise((r) => setTimeout(r, 20_000));
      const idleP99 = summarise((await idle.stop())[0]!).p99;
      for (const workerCount of WORKERS)
        await nineOClock(client, cookies, app!, workerCount, idleP99);
    });
  } finally {
    await client.end();
  }
}

await main();
