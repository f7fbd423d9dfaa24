// Several processes on one PostgreSQL: two `npm run worker` processes share
// 1,000 due reminders and each is delivered exactly once (the 10,000 of the reminders benchmark
// measure speed, not correctness); a sender killed mid-batch loses
// nothing and resends at most the message in flight, with the same Message-ID.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startSmtpPeer,
  type SmtpPeer,
  type SmtpPeerOptions,
} from "../../../../tests/helpers/smtp-peer";
import { testEnv } from "../../../../tests/helpers/test-app";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../../tests/helpers/test-database";
import { startWorker, stopWorker } from "../../../../tests/helpers/worker-process";
import pino from "pino";
import { openDatabase, type Database } from "../../db/client";
import { outbox, reminderDeliveries } from "../../db/schema/index";
import { createOutboxSender, LEASE_MS } from "../outbox/outbox.public";

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A fresh migrated PostgreSQL database and an SMTP peer for the describe block it is called in.
function usePostgresWithSmtp(smtpOptions: SmtpPeerOptions = {}) {
  const ctx = {} as { empty: EmptyPostgresDatabase; database: Database; smtp: SmtpPeer };
  beforeAll(async () => {
    ctx.empty = await createEmptyPostgresDatabase();
    ctx.database = await openDatabase({ databaseUrl: ctx.empty.url });
    await ctx.database.migrate();
    ctx.smtp = await startSmtpPeer(smtpOptions);
  });
  afterAll(async () => {
    await ctx.smtp.close();
    await ctx.database.close();
    await ctx.empty.drop();
  });
  return { ctx };
}

describe("two worker processes on one PostgreSQL", () => {
  const { ctx } = usePostgresWithSmtp();

  it("deliver 1,000 reminders due at once exactly once each", { timeout: 120_000 }, async () => {
    const users = 1_000;
    // Everyone's daily 09:00-style reminder is due this very hour (UTC), anchored today.
    await ctx.database.db.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'scale-' || g, 'User ' || g, 'scale-' || g || '@example.com', true
      from generate_series(1, ${users}) g`);
    await ctx.database.db.execute(sql`insert into user_settings (user_id) select id from users`);
    await ctx.database.db.execute(sql`
      insert into user_reminders (user_id, reminder_frequency, reminder_cadence, reminder_time,
        reminder_method, timezone, next_scheduled_at, anchor_date)
      select id, 1, 'days', to_char(date_trunc('hour', now() at time zone 'UTC'), 'HH24:00:00'),
        'email', 'UTC', date_trunc('hour', now()), to_char(now() at time zone 'UTC', 'YYYY-MM-DD')
      from users`);

    const env = { DATABASE_URL: ctx.empty.url, SMTP_URL: ctx.smtp.url };
    const workers = [startWorker(env), startWorker(env)];
    try {
      await waitUntil(() => ctx.smtp.received.length >= users, 90_000, "1,000 digests");
      // Let both settle: nothing more may arrive.
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
    expect(ctx.smtp.received).toHaveLength(users);
    expect(new Set(ctx.smtp.received.map((m) => m.messageId)).size).toBe(users);
    expect(new Set(ctx.smtp.received.map((m) => m.to[0])).size).toBe(users);
    const [sent] = await ctx.database.db
      .select({ n: count() })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.status, "sent"));
    expect(sent?.n).toBe(users);
    const [all] = await ctx.database.db.select({ n: count() }).from(reminderDeliveries);
    expect(all?.n).toBe(users);
    for (const worker of workers) expect(worker.output()).not.toMatch(/"level":(50|60)/);
  });
});

describe("a sender killed mid-batch", () => {
  const { ctx } = usePostgresWithSmtp({ delayMs: 15 });

  it(
    "loses nothing and resends at most the one in flight, with its Message-ID",
    { timeout: 120_000 },
    async () => {
      const total = 150;
      await ctx.database.db.insert(outbox).values(
        Array.from({ length: total }, (_, i) => ({
          channel: "email",
          kind: "test",
          to: `crash-${i}@example.com`,
          subject: `Message ${i}`,
          text: `Message ${i}`,
          nextAttemptAt: new Date(0),
        })),
      );
      const worker = startWorker({
        DATABASE_URL: ctx.empty.url,
        SMTP_URL: ctx.smtp.url,
        OUTBOX_CONCURRENCY: "1",
        SCHEDULER_INTERVAL_SECONDS: "3600",
      });
      await waitUntil(() => ctx.smtp.received.length >= 40, 60_000, "the first messages");
      worker.child.kill("SIGKILL");
      expect(await worker.exited).toBe("SIGKILL");
      const beforeTakeover = ctx.smtp.received.length;
      expect(beforeTakeover).toBeLessThan(total);

      // Another sender takes over once the dead one's leases have run out.
      const env = testEnv({ DATABASE_URL: ctx.empty.url, SMTP_URL: ctx.smtp.url });
      const sender = createOutboxSender({
        db: ctx.database.db,
        env,
        now: () => new Date(Date.now() + LEASE_MS + 1000),
        log: pino({ level: "silent" }),
        concurrency: 1,
      });
      try {
        await sender.drain();
      } finally {
        await sender.close();
      }
      const ids = ctx.smtp.received.map((m) => m.messageId);
      const distinct = new Set(ids);
      expect(distinct.size).toBe(total);
      expect(ids.length - distinct.size).toBeLessThanOrEqual(1);
      const rows = await ctx.database.db.select().from(outbox);
      expect(rows.every((r) => r.status === "sent")).toBe(true);
      for (const row of rows) expect(distinct.has(`<${row.id}@localhost>`)).toBe(true);
    },
  );
});
