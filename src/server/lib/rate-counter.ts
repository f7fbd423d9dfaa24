// Rate limits counted in the database, so every process (each server, the worker) counts toward
// one limit instead of each allowing all of it (decision 322). A window starts at a key's first
// request and lasts windowMs; the first request after it ends starts the next one. Each request
// is one atomic upsert that returns the count so far; concurrent requests on the same key queue
// on its row, so no two get the same count. Rows of ended windows go with the database upkeep.
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { HOUR_MS } from "../../core/constants";
import type { Db } from "../db/client";
import { rateCounters } from "../db/schema/index";

/** Rows are kept this long after their window started: longer than any limit's window. */
export const RATE_COUNTER_KEEP_MS = HOUR_MS;

/** Keys longer than this (a sender's address can be long) are counted under their hash. */
const KEY_MAX_CHARS = 200;

export type RateTake = {
  /** This request is within the limit. */
  isAllowed: boolean;
  limit: number;
  /** Requests left in this window after this one (0 once over). */
  remaining: number;
  /** Whole seconds, at least 1, until the window ends and the count starts again. */
  resetSeconds: number;
};

export type RateCounter = {
  /** Counts one request for `key` and says whether it is within the limit. */
  take: (key: string) => Promise<RateTake>;
  /** Whether `key` has used its whole limit in the current window (counts nothing). */
  isUsedUp: (key: string) => Promise<boolean>;
};

export function createRateCounter(
  db: Db,
  options: {
    /** The limit's own name, so two limits never share a key: "v1-token", "dav", "sms". */
    name: string;
    max: number;
    windowMs: number;
    now: () => Date;
  },
): RateCounter {
  const { name, max, windowMs } = options;
  if (windowMs > RATE_COUNTER_KEEP_MS)
    throw new Error(
      `A rate window is at most ${RATE_COUNTER_KEEP_MS} ms; ${name} asks ${windowMs}`,
    );

  function rowKey(key: string): string {
    const full = `${name}:${key}`;
    if (full.length <= KEY_MAX_CHARS) return full;
    return `${name}:sha256:${createHash("sha256").update(key).digest("hex")}`;
  }

  return {
    async take(key) {
      const now = options.now();
      // The window has ended when it started windowMs or more ago.
      const ended = sql`${rateCounters.windowStart} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateCounters)
        .values({ key: rowKey(key), windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            windowStart: sql`case when ${ended} then excluded.window_start else ${rateCounters.windowStart} end`,
            count: sql`case when ${ended} then 1 else ${rateCounters.count} + 1 end`,
          },
        })
        .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
      const count = row!.count;
      const endsAt = row!.windowStart.getTime() + windowMs;
      return {
        isAllowed: count <= max,
        limit: max,
        remaining: Math.max(0, max - count),
        resetSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
      };
    },

    async isUsedUp(key) {
      const now = options.now();
      const [row] = await db
        .select({ count: rateCounters.count })
        .from(rateCounters)
        .where(
          and(
            eq(rateCounters.key, rowKey(key)),
            gt(rateCounters.windowStart, new Date(now.getTime() - windowMs)),
          ),
        );
      return Boolean(row && row.count >= max);
    },
  };
}
