import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, MINUTE_MS, SECOND_MS } from "../../../core/constants";
import type { BillingStatusRow } from "../../../core/subscription";
import {
  forgetOtherUsersStatus,
  isCacheEntryFresh,
  peekSubscriptionStatus,
  readSubscriptionStatus,
  revalidateSubscriptionStatus,
  statusReadDelayMs,
  subscriptionStatusQuery,
  type StatusRead,
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

// The cache is TanStack Query's: these run a real QueryClient with the system clock faked, the
// way the gate asks on every path change (fetchQuery with the status query's options).
describe("the status cache in the query client", () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    queryClient = new QueryClient();
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  const noWait = async () => {};
  function ask(userId: string, source: ReturnType<typeof reads>) {
    return queryClient.fetchQuery(
      subscriptionStatusQuery(userId, { ...source, sleep: noWait, now: Date.now }),
    );
  }
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("keeps a plain answer for just under 5 minutes", async () => {
    const source = reads({ row: activeRow(T0 + 10 * DAY_MS) });
    await ask("u1", source);
    advance(5 * MINUTE_MS - 1);
    expect((await ask("u1", source)).result.status).toBe("active");
    expect(source.calls()).toBe(1);
    advance(1);
    await ask("u1", source);
    expect(source.calls()).toBe(2);
  });

  it("keeps an unknown (error) answer for 30 seconds only, stamped after the retries", async () => {
    const source = reads(new Error("down"));
    const first = await ask("u1", source);
    expect(first).toMatchObject({ result: { status: "unknown" }, attempts: 3, error: "down" });
    expect(source.calls()).toBe(3);
    advance(30 * SECOND_MS - 1);
    await ask("u1", source);
    expect(source.calls()).toBe(3);
    advance(1);
    await ask("u1", source);
    expect(source.calls()).toBe(6);
  });

  it("keeps an active-within-grace answer for 2.5 minutes only", async () => {
    // The period ended a minute ago: active within the 24-hour grace.
    const source = reads({ row: activeRow(T0 - MINUTE_MS), serverNow: new Date(T0) });
    expect((await ask("u1", source)).result).toEqual({ status: "active", isWithinGrace: true });
    advance(150 * SECOND_MS - 1);
    await ask("u1", source);
    expect(source.calls()).toBe(1);
    advance(1);
    await ask("u1", source);
    expect(source.calls()).toBe(2);
  });

  it("reads again at once after an invalidation (a payment, a cancel, a 402)", async () => {
    const source = reads({ row: null }, { row: activeRow(T0 + DAY_MS) });
    expect((await ask("u1", source)).result.status).toBe("none");
    await queryClient.invalidateQueries({ queryKey: ["subscription-status"] });
    expect((await ask("u1", source)).result.status).toBe("active");
    expect(source.calls()).toBe(2);
  });

  it("never answers for another user, and forgets the others when the session changes", async () => {
    await ask("u1", reads({ row: activeRow(T0 + DAY_MS) }));
    const other = reads({ row: null });
    expect((await ask("u2", other)).result.status).toBe("none");
    expect(other.calls()).toBe(1);
    forgetOtherUsersStatus(queryClient, "u2");
    expect(peekSubscriptionStatus(queryClient, "u1")).toBeNull();
    expect(peekSubscriptionStatus(queryClient, "u2")).not.toBeNull();
    forgetOtherUsersStatus(queryClient, null);
    expect(peekSubscriptionStatus(queryClient, "u2")).toBeNull();
  });

  it("a read for a user the session no longer names is dropped, and answers null instead of failing", async () => {
    // The gate asks for the user of the device's copy; the server then names someone else.
    let answer: (read: StatusRead) => void = () => {};
    const pending = revalidateSubscriptionStatus(queryClient, "u1", {
      fetchStatus: () => new Promise<StatusRead>((resolve) => (answer = resolve)),
      now: Date.now,
    });
    await Promise.resolve();
    forgetOtherUsersStatus(queryClient, "u2");
    await expect(pending).resolves.toBeNull();
    answer({ row: null });
    expect(peekSubscriptionStatus(queryClient, "u1")).toBeNull();
    const source = reads({ row: activeRow(T0 + DAY_MS) });
    const deps = { fetchStatus: source.fetchStatus, now: Date.now };
    expect((await revalidateSubscriptionStatus(queryClient, "u2", deps))?.result.status).toBe(
      "active",
    );
  });

  it("peek shows a stale entry with its storage time (debug page)", async () => {
    await ask("u1", reads({ row: null }));
    advance(DAY_MS);
    const entry = peekSubscriptionStatus(queryClient, "u1");
    expect(entry).toMatchObject({ userId: "u1", storedAt: T0, result: { status: "none" } });
    expect(isCacheEntryFresh(entry!, Date.now())).toBe(false);
  });

  it("shares one read between concurrent asks", async () => {
    const source = reads({ row: activeRow(T0 + DAY_MS) });
    await Promise.all([ask("u1", source), ask("u1", source), ask("u1", source)]);
    expect(source.calls()).toBe(1);
  });
});
