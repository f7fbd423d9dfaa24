// Background job health shared by every process: when each job last finished a run.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobHeartbeats = pgTable("job_heartbeats", {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});

// A job only one process may run at a time (Telegram's long polling): whoever holds an unexpired
// lease runs it and renews it; another process takes over once it runs out.
export const serviceLeases = pgTable("service_leases", {
  name: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

// Rate limits every process counts together (src/server/lib/rate-counter.ts): one row per
// limit and key, its window starting at the key's first request, reset by the first request
// after the window ends. UNLOGGED: a crash may forget the counts, never anything else.
export const rateCounters = pgTable("rate_counters", {
  /** The limit's name and its key: "v1-token:<id>", "dav:user:<id>", "sms:+4420…". */
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
