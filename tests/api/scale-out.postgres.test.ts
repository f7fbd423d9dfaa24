// Scale-out, proven end to end: two app processes (SCHEDULER_ENABLED=false) and
// one `npm run worker` on one PostgreSQL, behind a round-robin proxy that acts as the load
// balancer. Sign-up on one instance and verification on the other; sign-in rate limits counted
// across both; a notification written on one reaching a stream on the other; a due reminder sent
// exactly once; and a rolling restart under 50 concurrent connections without a failed request.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";
import { reminderDeliveries, userReminders, users } from "../../src/server/db/schema/index";
import { startAppProcess, stopAppProcess, type AppProcess } from "../helpers/app-process";
import { startRoundRobinProxy, type RoundRobinProxy } from "../helpers/round-robin-proxy";
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from "../helpers/smtp-peer";
import { openSse } from "../helpers/sse-client";
import { TEST_APP_URL, uniqueEmail } from "../helpers/test-app";
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from "../helpers/test-database";
import { startWorker, stopWorker, type WorkerProcess } from "../helpers/worker-process";

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function setCookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("two app processes and a worker on one PostgreSQL", () => {
  let empty: EmptyPostgresDatabase;
  let database: Database;
  let smtp: SmtpPeer;
  let a: AppProcess;
  let b: AppProcess;
  let worker: WorkerProcess;
  let proxy: RoundRobinProxy;
  const email = uniqueEmail("scale");
  const password = "correct-horse-1";
  let cookie = "";

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    database = await openDatabase({ databaseUrl: empty.url });
    smtp = await startSmtpPeer();
    const env = {
      DATABASE_URL: empty.url,
      SMTP_URL: smtp.url,
      SCHEDULER_ENABLED: "false",
      RATE_LIMIT_ENABLED: "true",
      // Sign-in limits stay on (counted across both instances); the general per-IP API limit
      // would answer 429 to the 50 connections below, which all come through one proxy address.
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      ENABLE_TEST_ROUTES: "true",
      SHUTDOWN_DRAIN_SECONDS: "2",
      NOTIFICATIONS_STREAM_POLL_MS: "30000",
    };
    // Both start at once: the advisory lock lets one migrate while the other waits.
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    worker = startWorker({ DATABASE_URL: empty.url, SMTP_URL: smtp.url });
    proxy = await startRoundRobinProxy([a.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    for (const app of [a, b]) if (app) await stopAppProcess(app);
    if (worker) await stopWorker(worker);
    await smtp?.close();
    await database?.close();
    await empty?.drop();
  }, 60_000);

  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_APP_URL, ...headers },
      body: JSON.stringify(body),
    });

  it("signs up on one instance and verifies on the other", async () => {
    const signUp = await post(a.url, "/api/auth/sign-up/email", { email, password, name: "Scale" });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const send = await post(a.url, "/api/auth/send-verification-email", {
      email,
      callbackURL: "/verify-email",
    });
    expect(send.status).toBe(200);
    await waitUntil(
      () => smtp.received.some((m) => m.to.includes(email)),
      45_000,
      "the verification mail",
    ).catch(async (error: Error) => {
      const rows: unknown = await database.db.execute(
        sql`select "to", status, attempts, last_error from outbox`,
      );
      throw new Error(
        `${error.message}\noutbox: ${JSON.stringify((rows as { rows: unknown[] }).rows)}\nworker:\n${worker.output()}`,
      );
    });
    const mail = decodeQuotedPrintable(smtp.received.find((m) => m.to.includes(email))!.raw);
    const link = new URL(
      mail.match(/http:\/\/localhost:3000\/verify-email\?[^\s"<]+/)![0].replaceAll("&amp;", "&"),
    );
    const verify = await fetch(
      `${b.url}/api/auth/verify-email?token=${link.searchParams.get("token")}`,
      { redirect: "manual" },
    );
    expect(verify.status).toBe(200);
    cookie = setCookieOf(verify);
    const me = await fetch(`${a.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email, emailVerified: true } });
  }, 60_000);

  it("counts sign-in attempts across both instances", async () => {
    const other = uniqueEmail("limit");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await post(i % 2 === 0 ? a.url : b.url, "/api/auth/sign-in/email", {
        email: other,
        password: "wrong-password-1",
      });
      statuses.push(res.status);
    }
    // Ten a minute per client in all (five on each instance), then 429 from either.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("streams a notification written on one instance from the other", async () => {
    const stream = await openSse(`${b.url}/api/notifications/stream`, { cookie });
    expect(stream.status).toBe(200);
    try {
      const made = await post(
        a.url,
        "/api/test/notifications",
        { type: "ANNOUNCEMENT", title: "Across instances", content: "", count: 1 },
        { cookie },
      );
      expect(made.status).toBe(204);
      const [event] = await stream.waitFor(1, 10_000);
      expect(JSON.parse(event!.data)).toMatchObject({ kind: "created" });
    } finally {
      stream.close();
    }
  });

  it("sends a due reminder exactly once", async () => {
    const settings = await fetch(`${proxy.url}/api/settings/reminders`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: TEST_APP_URL, cookie },
      body: JSON.stringify({
        reminderMethod: "email",
        reminderFrequency: 1,
        reminderCadence: "days",
        reminderTime: "9",
        timezone: "UTC",
      }),
    });
    expect(settings.status, await settings.clone().text()).toBe(200);
    const contact = await post(
      proxy.url,
      "/api/contacts",
      {
        firstName: "Ada",
        lastName: "Lovelace",
        emails: [{ value: "ada@example.com" }],
        preferredMethod: "email",
        rhythm: { interval: 1, unit: "week" },
        lastContactedOn: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      },
      { cookie },
    );
    expect(contact.status).toBe(201);
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    // Due a minute ago: the worker's next pass claims it.
    await database.db
      .update(userReminders)
      .set({ nextScheduledAt: new Date(Date.now() - 60_000) })
      .where(and(eq(userReminders.userId, user!.id), eq(userReminders.isActive, true)));
    await waitUntil(
      () => smtp.received.filter((m) => m.to.includes(email)).length > before,
      30_000,
      "the reminder digest",
    );
    // Several more scheduler and outbox passes: still one.
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.received.filter((m) => m.to.includes(email)).length).toBe(before + 1);
    const deliveries = await database.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, user!.id));
    expect(deliveries).toHaveLength(1);
  }, 60_000);

  it("restarts an instance under 50 connections without a failed request", async () => {
    const statuses = new Map<number, number>();
    let isRunning = true;
    const loop = async () => {
      while (isRunning) {
        let status: number;
        try {
          const res = await fetch(`${proxy.url}/api/contacts`, { headers: { cookie } });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 0;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const loops = Array.from({ length: 50 }, loop);
    await new Promise((r) => setTimeout(r, 1000));
    const servedByA = proxy.backends[0]!.served;
    expect(servedByA).toBeGreaterThan(0);

    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    isRunning = false;
    await Promise.all(loops);

    const total = [...statuses.values()].reduce((n, c) => n + c, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: total });
    expect(total).toBeGreaterThan(100);
    expect(proxy.backends[1]!.served).toBeGreaterThan(0);
    // Readiness answered 503 first, while the instance still served (the balancer's cue).
    expect(proxy.backends[0]!.readyStatuses).toContain(503);
  }, 120_000);
});
