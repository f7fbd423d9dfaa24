// Background job health shared by every process: when each job last finished a run.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobHeartbeats = pgTable("job_heartbeats", {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});
