// Benchmark: the reminder scheduler on PostgreSQL. 10,000 users are due in the same minute; one
// process runs the scheduler and the outbox sender as `npm start` does, delivering to a local
// SMTP peer. The baseline, in the same run: nodemailer alone sending the very messages the app
// sent, as many at once, to the same peer. Budgets: from the scheduler's start to the last digest
// at the peer ≤ 3× the baseline's time, and every digest within a minute of its time at p99 (the reminder's
// promise). Run with `npm run bench -- reminders`.
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { startSmtpPeer, type ReceivedMail } from "../helpers/smtp-peer";
import { testEnv } from "../helpers/test-app";
import { createEmptyPostgresDatabase } from "../helpers/test-database";
import { openDatabase } from "../../src/server/db/client";
import { runScheduler } from "../../src/server/features/reminders/scheduler";
import { createServices } from "../../src/server/services";
import { isPostgresUp, POSTGRES_URL, reportMissing, summarise } from "./bench-kit";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const RATIO_BUDGET = 3;
const LATENESS_P99_BUDGET_MS = 60_000;

/** How long nodemailer alone takes to send `messages` to the peer at `url`, `concurrency` at once. */
async function bareSendMs(url: string, messages: ReceivedMail[], concurrency: number) {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: concurrency,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const queue = [...messages];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let m = queue.pop(); m; m = queue.pop()) {
        await transport.sendMail({ envelope: { from: m.from, to: m.to }, raw: m.raw });
      }
    }),
  );
  transport.close();
  return Date.now() - started;
}

async function main() {
  if (!(await isPostgresUp()))
    return reportMissing("reminders", `no PostgreSQL at ${POSTGRES_URL}`);
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  const smtp = await startSmtpPeer();
  const arrivals: number[] = [];
  const received = smtp.received;
  const push = received.push.bind(received);
  received.push = (...items) => {
    arrivals.push(...items.map(() => Date.now()));
    return push(...items);
  };
  try {
    await database.migrate();
    const slot = new Date();
    await database.db.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'bench-' || g, 'User ' || g, 'bench-' || g || '@example.com', true
      from generate_series(1, ${USERS}) g`);
    await database.db.execute(sql`insert into user_settings (user_id) select id from users`);
    // A tenth of the users have five contacts each, three of them due, so digests have content.
    await database.db.execute(sql`
      insert into contacts (user_id, first_name, last_name, rhythm_interval, rhythm_unit, next_due_at)
      select u.id, 'Friend', c::text, 1, 'week', now() - (c || ' days')::interval + interval '2 days'
      from users u cross join generate_series(1, 5) c where right(u.id, 1) = '0'`);
    await database.db.execute(sql`
      insert into user_reminders (user_id, reminder_frequency, reminder_cadence, reminder_time,
        reminder_method, timezone, next_scheduled_at, anchor_date)
      select id, 1, 'days', to_char(${slot.toISOString()}::timestamptz at time zone 'UTC', 'HH24:00:00'),
        'email', 'UTC', ${slot.toISOString()}::timestamptz,
        to_char(${slot.toISOString()}::timestamptz at time zone 'UTC', 'YYYY-MM-DD')
      from users`);

    const env = testEnv({ DATABASE_URL: empty.url, SMTP_URL: smtp.url });
    const log = pino({ level: "warn" });
    const services = createServices({ env, database, log });
    const started = Date.now();
    await runScheduler({
      db: database.db,
      env,
      now: () => new Date(),
      log,
      onQueued: () => services.outbox.kick(),
      concurrency: 3,
    });
    const enqueueMs = Date.now() - started;
    while (received.length < USERS) {
      if (Date.now() - started > 10 * 60_000) throw new Error(`only ${received.length} arrived`);
      await services.outbox.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    await services.outbox.close();
    const appMs = Math.max(...arrivals) - started;
    const lateness = summarise(arrivals.map((at) => at - slot.getTime()));
    const sent = received.splice(0);
    const bareMs = await bareSendMs(smtp.url, sent, env.OUTBOX_CONCURRENCY);
    if (received.length !== USERS) throw new Error(`the baseline delivered ${received.length}`);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const ratio = appMs / bareMs;
    const isWithin = ratio <= RATIO_BUDGET && lateness.p99 <= LATENESS_P99_BUDGET_MS;
    console.log(
      `${isWithin ? "✓" : "✗"} reminders: ${USERS} digests due at once, the last at the SMTP peer ${seconds(appMs)} after the scheduler started (enqueued in ${seconds(enqueueMs)}), ${ratio.toFixed(2)}× nodemailer alone sending them (${seconds(bareMs)}; budget ≤ ${RATIO_BUDGET}×); lateness p99 ${seconds(lateness.p99)} (budget ${seconds(LATENESS_P99_BUDGET_MS)}); ${new Set(sent.map((m) => m.messageId)).size} distinct Message-IDs`,
    );
    if (!isWithin) process.exitCode = 1;
  } finally {
    await smtp.close();
    await database.close();
    await empty.drop();
  }
}

await main();
