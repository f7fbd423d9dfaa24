// Rate limits counted in the database: one count for every process, windows that start at a
// key's first request, no two concurrent requests given the same count, and old rows removed.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateCounters } from "../db/schema/index";
import { upkeepDatabase } from "../jobs/database-upkeep";
import { createSharedTestDatabase } from "../../../tests/helpers/test-database";
import { createRateCounter, RATE_COUNTER_KEEP_MS } from "./rate-counter";

describe("rate counter", () => {
  let databases: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let now = new Date("2026-12-04T10:00:00.000Z");
  const clock = () => now;
  beforeAll(async () => {
    databases = await createSharedTestDatabase();
  });
  afterAll(async () => databases.close());

  it("allows max requests a window, then refuses until the window ends", async () => {
    const counter = createRateCounter(databases.first.db, {
      name: "t1",
      max: 3,
      windowMs: 60_000,
      now: clock,
    });
    now = new Date("2026-12-04T10:00:00.000Z");
    const first = await counter.take("a");
    expect(first).toEqual({ isAllowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    now = new Date("2026-12-04T10:00:20.500Z");
    expect(await counter.take("a")).toMatchObject({ isAllowed: true, remaining: 1 });
    expect(await counter.take("a")).toMatchObject({ isAllowed: true, remaining: 0 });
    expect(await counter.isUsedUp("a")).toBe(true);
    expect(await counter.take("a")).toEqual({
      isAllowed: false,
      limit: 3,
      remaining: 0,
      resetSeconds: 40,
    });
    // Another key, and the same key under another limit, count apart.
    expect(await counter.take("b")).toMatchObject({ isAllowed: true, remaining: 2 });
    const other = createRateCounter(databases.first.db, {
      name: "t1-other",
      max: 3,
      windowMs: 60_000,
      now: clock,
    });
    expect(await other.take("a")).toMatchObject({ isAllowed: true, remaining: 2 });
    // A minute after the first request, a new window.
    now = new Date("2026-12-04T10:01:00.000Z");
    expect(await counter.isUsedUp("a")).toBe(false);
    expect(await counter.take("a")).toEqual({
      isAllowed: true,
      limit: 3,
      remaining: 2,
      resetSeconds: 60,
    });
  });

  it("is one count for two processes on the same database", async () => {
    const options = { name: "t2", max: 5, windowMs: 60_000, now: clock };
    const one = createRateCounter(databases.first.db, options);
    const two = createRateCounter(databases.second.db, options);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await one.take("k"));
      answers.push(await two.take("k"));
    }
    expect(answers.map((a) => a.isAllowed)).toEqual([
      ...[true, true, true, true, true],
      ...[false, false, false],
    ]);
    expect(await two.isUsedUp("k")).toBe(true);
  });

  it("never gives two requests sent at once the same count", async () => {
    const options = { name: "t3", max: 20, windowMs: 60_000, now: clock };
    const one = createRateCounter(databases.first.db, options);
    const two = createRateCounter(databases.second.db, options);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two).take("burst")),
    );
    expect(answers.filter((a) => a.isAllowed)).toHaveLength(20);
    const [row] = await databases.first.db
      .select()
      .from(rateCounters)
      .where(eq(rateCounters.key, "t3:burst"));
    expect(row!.count).toBe(60);
  });

  it("counts a very long key under its hash", async () => {
    const counter = createRateCounter(databases.first.db, {
      name: "t4",
      max: 1,
      windowMs: 60_000,
      now: clock,
    });
    const long = `${"x".repeat(5000)}@example.com`;
    expect((await counter.take(long)).isAllowed).toBe(true);
    expect((await counter.take(long)).isAllowed).toBe(false);
    expect((await counter.take(`y${long}`)).isAllowed).toBe(true);
    const rows = await databases.first.db
      .select({ key: rateCounters.key })
      .from(rateCounters)
      .where(like(rateCounters.key, "t4:%"));
    expect(rows.map((r) => r.key.length)).toEqual([3 + 7 + 64, 3 + 7 + 64]);
  });

  it("refuses a window longer than its rows are kept", () => {
    expect(() =>
      createRateCounter(databases.first.db, {
        name: "t5",
        max: 1,
        windowMs: RATE_COUNTER_KEEP_MS + 1,
        now: clock,
      }),
    ).toThrow(/at most/);
  });

  it("loses its rows to the database upkeep once they are past any window", async () => {
    const counter = createRateCounter(databases.first.db, {
      name: "t6",
      max: 1,
      windowMs: 60_000,
      now: clock,
    });
    now = new Date("2026-12-04T12:00:00.000Z");
    await counter.take("recent");
    const later = new Date(now.getTime() + RATE_COUNTER_KEEP_MS / 2);
    const counts = await upkeepDatabase(databases.first, later);
    expect(counts.rateCounters).toBeGreaterThan(0);
    const left = await databases.first.db
      .select({ key: rateCounters.key })
      .from(rateCounters)
      .where(like(rateCounters.key, "t%"));
    expect(left.map((r) => r.key)).toEqual(["t6:recent"]);
  });
});
