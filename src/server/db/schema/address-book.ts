// The address book phones sync with (CardDAV): device passwords, and each card's version.
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const DEVICE_ACCESS = ["read", "read-write"] as const;
export type DeviceAccess = (typeof DEVICE_ACCESS)[number];

/** A password one phone or app signs in to /dav/ with; only its SHA-256 is kept. */
export const devicePasswords = pgTable(
  "device_passwords",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    access: text().$type<DeviceAccess>().notNull(),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId),
    uniqueIndex().on(t.secretHash, t.userId),
  ],
);

/**
 * One row per contact, written by a trigger on `contacts` (and kept when the contact is deleted,
 * as a tombstone): the list version the card last changed at, which is its ETag and what a
 * sync-collection report compares with a sync token. `hrefName` and `uid` keep the name and UID
 * a phone gave a card it created, so the phone finds its own card again.
 */
export const addressBookCards = pgTable(
  "address_book_cards",
  {
    contactId: uuid().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: bigint({ mode: "number" }).notNull(),
    isDeleted: boolean().notNull().default(false),
    hrefName: text(),
    uid: text(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contactId] }),
    index().on(t.userId, t.version),
    uniqueIndex().on(t.userId, t.hrefName),
  ],
);
