// The first answer to each write sent with an Idempotency-Key, so a change queued offline and
// sent again (a lost answer, a second tab) is applied once and answered the same way.
import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    /** "POST /api/contacts/:id/interactions": a key means one kind of write. */
    route: text().notNull(),
    /** sha256 of the method, the path and the body: the same key with another change is refused. */
    requestHash: text().notNull(),
    /** Null while the first request is still being handled. */
    responseStatus: integer(),
    responseBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    uniqueIndex("idempotency_keys_one_per_user").on(t.userId, t.key),
  ],
);
