// Personal access tokens for scripts and AI assistants: only a hash is stored, so a copy of this
// table signs no one in; the token itself is shown once, when it is made.
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** "read", or "write" (read and write). */
    scope: text().notNull(),
    /** SHA-256 (hex) of the whole token. */
    tokenHash: text().notNull(),
    /** The token's first characters, so a person can tell their tokens apart. */
    prefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    uniqueIndex("api_tokens_token_hash_user_id").on(t.tokenHash, t.userId),
    index("api_tokens_user").on(t.userId),
  ],
);
