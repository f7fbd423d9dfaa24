import { describe, expect, it } from "vitest";
import { DAY_MS, MINUTE_MS, SECOND_MS } from "../../../core/constants";
import type { BillingStatusRow } from "../../../core/subscription";
import {
  createSubscriptionStatusCache,
  getSubscriptionStatus,
  isCacheEntryFresh,
  readSubscriptionStatus,
  statusReadDelayMs,
  type StatusRead,
  type StatusSnapshot,
} from "./subscription-cache";

const T0 = Date.parse("2030-01-01T00:00:00.000Z");

function activeRow(endMs: number): BillingStatusRow {
  return {
    subscriptionStatus: "active",
    currentPeriodEnd: new Date(endMs),
    cancelAtPeriodEnd: false,
  };
}

// A fake clock and sleep: sleeping moves the clock, and every wait is recorded.
function fakeTime(start = T0) {
  let now = start;
  const waits: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

function reads(...outcomes: (StatusRead | Error)[]) {
  let calls = 0;
  return {
    fetchStatus: async () => {
      const next = outcomes[Math.min(calls, outcomes.length - 1)];
      calls += 1;
      if (next instanceof Error) throw next;
      return next as StatusRead;
    },
    calls: () => calls,
  };
}

const snapshot = (
  status: "active" | "none" | "unknown",
  isWithinGrace = false,
): StatusSnapshot => ({
  result: { status, isWithinGrace },
  row: null,
  attempts: 1,
  error: null,
});

describe("readSubscriptionStatus", () => {
  it("waits 1 s times the attempt number between reads", () => {
    expect([1, 2, 3].map(statusReadDelayMs)).toEqual([1000, 2000, 3000]);
  });

  it("answers from the first successful read without waiting", async () => {
    const time = fakeTime();
    const source = reads({ row: activeRow(T0 + DAY_MS) });
    const got = await readSubscriptionStatus({ ...source, ...time });
    expect(got.result).toEqual({ status: "active", isWithinGrace: false });
    expect(got.attempts).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it("retries after failures, waiting 1 s then 2 s, and uses the read that works", async () => {
    const time = fakeTime();
    const source = reads(new Error("db down"), new Error("db down"), { row: null });
    const got = await readSubscriptionStatus({ ...source, ...time });
    expect(got.result.status).toBe("none");
    expect(got.attempts).toBe(3);
    expect(time.waits).toEqual([1000, 2000]);
  });

  it("gives unknown after 3 failed reads, keeping the last error, and stops there", async () => {
    const time = fakeTime();
    const source = reads(new Error("first"), new Error("second"), new Error("third"));
    const got = await readSubscriptionStatus({ ...source, ...time });
    expect(got).toEqual({
      result: { status: "unknown", isWithinGrace: false },
      row: null,
      attempts: 3,
      error: "third",
    });
    expect(source.calls()).toBe(3);
    expect(time.waits).toEqual([1000, 2000]);
  });

  it("judges the row by the server's clock when the read carries it", async () => {
    const time = fakeTime();
    // The device clock says the period is running; the server says it ended two days ago.
    const source = reads({ row: activeRow(T0 + DAY_MS), serverNow: new Date(T0 + 3 * DAY_MS) });
    const got = await readSubscriptionStatus({ ...source, ...time });
    expect(got.result.status).toBe("none");
  });

  it("falls back to the injected clock without a server time", async () => {
    const time = fakeTime(T0 + DAY_MS + MINUTE_MS);
    const source = reads({ row: activeRow(T0 + DAY_MS) });
    const got = await readSubscriptionStatus({ ...source, ...time });
    expect(got.result).toEqual({ status: "active", isWithinGrace: true });
  });
});

describe("the status cache", () => {
  it("keeps a plain answer for just under 5 minutes", () => {
    const cache = createSubscriptionStatusCache();
    cache.write("u1", snapshot("active"), T0);
    expect(cache.read("u1", T0 + 5 * MINUTE_MS - 1)?.result.status).toBe("active");
    expect(cache.read("u1", T0 + 5 * MINUTE_MS)).toBeNull();
  });

  it("keeps an unknown (error) answer for 30 seconds only", () => {
    const cache = createSubscriptionStatusCache();
    cache.write("u1", snapshot("unknown"), T0);
    expect(cache.read("u1", T0 + 30 * SECOND_MS - 1)).not.toBeNull();
    expect(cache.read("u1", T0 + 30 * SECOND_MS)).toBeNull();
  });

  it("keeps an active-within-grace answer for 2.5 minutes only", () => {
    const cache = createSubscriptionStatusCache();
    cache.write("u1", snapshot("active", true), T0);
    expect(cache.read("u1", T0 + 150 * SECOND_MS - 1)).not.toBeNull();
    expect(cache.read("u1", T0 + 150 * SECOND_MS)).toBeNull();
  });

  it("never answers for another user, and forgets the first one", () => {
    const cache = createSubscriptionStatusCache();
    cache.write("u1", snapshot("active"), T0);
    expect(cache.read("u2", T0)).toBeNull();
    expect(cache.peek()).toBeNull();
  });

  it("is cleared when the session changes, and kept when it does not", () => {
    const cache = createSubscriptionStatusCache();
    cache.setSessionUser("u1");
    cache.write("u1", snapshot("active"), T0);
    cache.setSessionUser("u1");
    expect(cache.peek()).not.toBeNull();
    cache.setSessionUser(null);
    expect(cache.peek()).toBeNull();
    cache.write("u1", snapshot("active"), T0);
    cache.setSessionUser("u2");
    expect(cache.peek()).toBeNull();
  });

  it("peek shows a stale entry with its storage time (debug page)", () => {
    const cache = createSubscriptionStatusCache();
    cache.write("u1", snapshot("none"), T0);
    expect(cache.read("u1", T0 + DAY_MS)).toBeNull();
    expect(cache.peek()).toMatchObject({ userId: "u1", storedAt: T0 });
    expect(isCacheEntryFresh(cache.peek()!, T0 + DAY_MS)).toBe(false);
    cache.clear();
    expect(cache.peek()).toBeNull();
  });
});

describe("getSubscriptionStatus", () => {
  it("reads once, then answers from the cache until it expires", async () => {
    const time = fakeTime();
    const cache = createSubscriptionStatusCache();
    const source = reads({ row: activeRow(T0 + 10 * DAY_MS) });
    const deps = { ...source, ...time, cache, userId: "u1" };
    await getSubscriptionStatus(deps);
    time.advance(4 * MINUTE_MS);
    const cached = await getSubscriptionStatus(deps);
    expect(source.calls()).toBe(1);
    expect(cached.storedAt).toBe(T0);
    time.advance(MINUTE_MS);
    const fresh = await getSubscriptionStatus(deps);
    expect(source.calls()).toBe(2);
    expect(fresh.storedAt).toBe(T0 + 5 * MINUTE_MS);
  });

  it("reads again when forced, even with a fresh entry", async () => {
    const time = fakeTime();
    const cache = createSubscriptionStatusCache();
    const source = reads({ row: null }, { row: activeRow(T0 + DAY_MS) });
    const deps = { ...source, ...time, cache, userId: "u1" };
    expect((await getSubscriptionStatus(deps)).result.status).toBe("none");
    expect((await getSubscriptionStatus({ ...deps, force: true })).result.status).toBe("active");
    expect(source.calls()).toBe(2);
  });

  it("caches an unknown answer, stamped after the retries, for 30 s", async () => {
    const time = fakeTime();
    const cache = createSubscriptionStatusCache();
    const source = reads(new Error("down"));
    const deps = { ...source, ...time, cache, userId: "u1" };
    const first = await getSubscriptionStatus(deps);
    expect(first.result.status).toBe("unknown");
    expect(first.storedAt).toBe(T0 + 3000);
    time.advance(29 * SECOND_MS);
    await getSubscriptionStatus(deps);
    expect(source.calls()).toBe(3);
    time.advance(SECOND_MS);
    await getSubscriptionStatus(deps);
    expect(source.calls()).toBe(6);
  });
});
