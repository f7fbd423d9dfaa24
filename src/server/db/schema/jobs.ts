// Background job health shared by every process: when each job last finished a run.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
