// The database upkeep job removes what nothing reads again — rate-limit counters past their
// window, expired sessions and single-use tokens — keeps what is still in use, and on the
// embedded database vacuums (it has no autovacuum of its own).
import { randomUUID } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, type TestApp } from "../../../tests/helpers/test-app";
import { rateLimits, sessions, verifications } from "../db/schema/index";
import { defaultJobs, startBackgroundJobs, type JobContext } from "./background-jobs";
import { UPKEEP_BATCH_ROWS, upkeepDatabase } from "./database-upkeep";

const HOUR = 60 * 60 * 1000;

describe("database upkeep", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  async function runUpkeepJob() {
    const ctx: JobContext = { ...t.app.services, log: t.app.log };
    const job = defaultJobs(ctx).find((candidate) => candidate.name === "database-upkeep");
    expect(job, "the upkeep job is scheduled").toBeDefined();
    // A job runs once at start; stopping waits for that run.
    await startBackgroundJobs(ctx, [job!])();
  }

  it("removes old rate-limit rows, expired sessions and tokens, and keeps current ones", async () => {
    const user = await createUser(t.app);
    const now = Date.now();
    const key = (name: string) => `203.0.113.9|/fuzz-${name}-${randomUUID()}`;
    const [oldLimit, freshLimit] = [key("old"), key("fresh")];
    await t.app.db.insert(rateLimits).values([
      { id: randomUUID(), key: oldLimit, count: 3, lastRequest: now - 2 * HOUR },
      { id: randomUUID(), key: freshLimit, count: 1, lastRequest: now },
    ]);
    const expiredSession = randomUUID();
    await t.app.db.insert(sessions).values({
      id: expiredSession,
      token: randomUUID(),
      userId: user.id,
      expiresAt: new Date(now - HOUR),
    });
    const [oldToken, freshToken] = [
      `reset-password:${randomUUID()}`,
      `reset-password:${randomUUID()}`,
    ];
    await t.app.db.insert(verifications).values([
      { id: randomUUID(), identifier: oldToken, value: user.id, expiresAt: new Date(now - 1000) },
      { id: randomUUID(), identifier: freshToken, value: user.id, expiresAt: new Date(now + HOUR) },
    ]);

    await runUpkeepJob();

    const limits = await t.app.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [oldLimit, freshLimit]));
    expect(limits.map((row) => row.key)).toEqual([freshLimit]);
    const userSessions = await t.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(userSessions.map((row) => row.id)).not.toContain(expiredSession);
    expect(userSessions).toHaveLength(1);
    const tokens = await t.app.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(inArray(verifications.identifier, [oldToken, freshToken]));
    expect(tokens.map((row) => row.identifier)).toEqual([freshToken]);
    // The signed-in session still works.
    const me = await t.app.inject({ url: "/api/me", headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("clears a backlog bigger than one batch, a batch per statement", async () => {
    const old = Date.now() - 2 * HOUR;
    const prefix = `198.51.100.7|/backlog-${randomUUID()}`;
    const rows = Array.from({ length: UPKEEP_BATCH_ROWS + 7 }, (_, i) => ({
      id: randomUUID(),
      key: `${prefix}-${i}`,
      count: 1,
      lastRequest: old,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.app.db.insert(rateLimits).values(rows.slice(i, i + 1000));

    const counts = await upkeepDatabase(t.app.services.database, new Date());

    expect(counts.rateLimits).toBeGreaterThanOrEqual(rows.length);
    const [left] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(like(rateLimits.key, `${prefix}-%`));
    expect(left?.n).toBe(0);
  });

  it.runIf(process.env.TEST_DB !== "postgres")(
    "vacuums the embedded database, which has no autovacuum",
    async () => {
      await runUpkeepJob();
      const result = await t.app.db.execute(
        sql`select last_vacuum from pg_stat_user_tables where relname = 'rate_limits'`,
      );
      const [row] = (result as { rows: { last_vacuum: unknown }[] }).rows;
      expect(row?.last_vacuum).toBeTruthy();
    },
  );
});
