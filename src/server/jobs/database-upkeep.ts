// Rows nothing reads again, removed on a schedule: rate-limit counters long past their window
// (Better Auth keeps one per address and path, for any path asked for; ours, rate_counters, one
// per limit and key), expired sessions and
// expired single-use tokens, idempotency keys past their day. The embedded database has no autovacuum and no checkpointer of its
// own, so there the job also makes the space of dead rows reusable and lets the write-ahead log
// recycle its files: without it, rewritten rows and the log grew the data directory to 1 GB.
import { inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { HOUR_MS, MINUTE_MS } from "../../core/constants";
import type { Database } from "../db/client";
import {
  idempotencyKeys,
  rateCounters,
  rateLimits,
  sessions,
  verifications,
} from "../db/schema/index";
import { RATE_COUNTER_KEEP_MS } from "../lib/rate-counter";
import { IDEMPOTENCY_KEY_KEEP_MS } from "../plugins/idempotency";

export const DATABASE_UPKEEP_INTERVAL_MS = 15 * MINUTE_MS;

/** Longer than any rate-limit window, so a counter still in use is never reset early. */
const RATE_LIMIT_ROW_KEEP_MS = HOUR_MS;

/** Rows deleted per statement: a backlog of millions goes in short transactions, not one lock. */
export const UPKEEP_BATCH_ROWS = 5000;

export async function deleteInBatches(
  db: Database["db"],
  table: PgTable,
  id: PgColumn,
  condition: SQL | undefined,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(condition).limit(UPKEEP_BATCH_ROWS);
    const rows = await db.delete(table).where(inArray(id, batch)).returning({ id });
    deleted += rows.length;
    if (rows.length < UPKEEP_BATCH_ROWS) return deleted;
  }
}

export async function upkeepDatabase(database: Pick<Database, "db" | "kind">, now: Date) {
  const { db } = database;
  const counts = {
    rateLimits: await deleteInBatches(
      db,
      rateLimits,
      rateLimits.id,
      lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_ROW_KEEP_MS),
    ),
    rateCounters: await deleteInBatches(
      db,
      rateCounters,
      rateCounters.key,
      lt(rateCounters.windowStart, new Date(now.getTime() - RATE_COUNTER_KEEP_MS)),
    ),
    sessions: await deleteInBatches(db, sessions, sessions.id, lt(sessions.expiresAt, now)),
    verifications: await deleteInBatches(
      db,
      verifications,
      verifications.id,
      lt(verifications.expiresAt, now),
    ),
    idempotencyKeys: await deleteInBatches(
      db,
      idempotencyKeys,
      idempotencyKeys.id,
      lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_KEEP_MS)),
    ),
  };
  if (database.kind === "pglite") {
    await db.execute(sql`vacuum`);
    await db.execute(sql`checkpoint`);
  }
  return counts;
}
