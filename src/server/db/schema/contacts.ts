// The address book: contacts, their interaction history, and import batches (for undo).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export type LabelledValue = { label?: string; value: string };
export type PhoneValue = LabelledValue & { ext?: string };
export type StoredAddress = {
  label?: string;
  street: string;
  extended: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  isPlace: boolean;
};

export const imports = pgTable(
  "imports",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text().notNull(),
    filename: text(),
    createdCount: integer().notNull().default(0),
    mergedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    // Contacts as they were before a merge, so undo can put them back.
    mergedSnapshots: jsonb().$type<unknown[]>().notNull().default([]),
    status: text().notNull().default("committed"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index().on(t.userId, t.createdAt)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    namePrefix: text(),
    nameSuffix: text(),
    nickname: text(),
    emails: jsonb().$type<LabelledValue[]>().notNull().default([]),
    phones: jsonb().$type<PhoneValue[]>().notNull().default([]),
    websites: jsonb().$type<LabelledValue[]>().notNull().default([]),
    company: text(),
    jobTitle: text(),
    notes: text(),
    preferredMethod: text(),
    // Telegram username without the @, for t.me links.
    telegramUsername: text(),
    city: text(),
    region: text(),
    country: text(),
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    // An IANA zone name; found from the coordinates unless the user chose it (or none) by hand.
    timeZone: text(),
    isTimeZoneSetByHand: boolean().notNull().default(false),
    addresses: jsonb().$type<StoredAddress[]>().notNull().default([]),
    // The contact's photo in storage (avatars bucket, re-encoded like an avatar), or null.
    photoKey: text(),
    birthdayDay: integer(),
    birthdayMonth: integer(),
    birthdayYear: integer(),
    tags: text().array().notNull().default([]),
    rhythmInterval: integer(),
    rhythmUnit: text(),
    rhythmSetAt: timestamp({ withTimezone: true }),
    // The group (tag) whose rhythm the contact follows, as that group spells it; null when the
    // rhythm columns hold the contact's own rhythm (or none). The columns always hold the rhythm
    // the contact goes by, so everything reading them agrees.
    rhythmTag: text(),
    lastContactedAt: timestamp({ withTimezone: true }),
    nextDueAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    importId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Every update stamps it, unless it sets its own (the app's clock, in writes that have one).
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId, t.nextDueAt),
    index().on(t.userId, t.createdAt),
    index().on(t.importId),
    // The migration sets only import_id to null (ON DELETE SET NULL (import_id)).
    foreignKey({
      name: "contacts_import_fk",
      columns: [t.importId, t.userId],
      foreignColumns: [imports.id, imports.userId],
    }).onDelete("set null"),
    // What relationships' and household members' foreign keys name: a contact with its owner.
    uniqueIndex().on(t.userId, t.id),
  ],
);

/** A tag's default rhythm (a group's): contacts with the tag and no rhythm of their own follow it. */
export const tagRhythms = pgTable(
  "tag_rhythms",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The tag lowercased: tags match ignoring case.
    tagKey: text().notNull(),
    tag: text().notNull(),
    rhythmInterval: integer().notNull(),
    rhythmUnit: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagKey] })],
);

export const interactions = pgTable(
  "interactions",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactId: uuid().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    channel: text().notNull(),
    note: text(),
    /**
     * Only the day is known (a "last contacted" date typed on a new contact or imported from a
     * file): stored at noon in the user's zone, shown without a time or a channel.
     */
    isDateOnly: boolean().notNull().default(false),
    importId: uuid(),
    /** The reply (to a reminder, or forwarded mail) this entry was read from. */
    replyId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId, t.contactId, t.occurredAt),
    foreignKey({
      name: "interactions_contact_fk",
      columns: [t.contactId, t.userId],
      foreignColumns: [contacts.id, contacts.userId],
    }).onDelete("cascade"),
    // The migration sets only import_id to null (ON DELETE SET NULL (import_id)).
    foreignKey({
      name: "interactions_import_fk",
      columns: [t.importId, t.userId],
      foreignColumns: [imports.id, imports.userId],
    }).onDelete("set null"),
  ],
);

/**
 * One undoable one-tap change (log contact, snooze, archive, bulk rhythm): the changed contacts'
 * columns before and after it, so undo can put them back exactly and refuse when something
 * changed since. Single use; kept for UNDO_WINDOW_MS.
 */
export const contactUndos = pgTable(
  "contact_undos",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index().on(t.userId, t.createdAt)],
);

/**
 * What the contact list shows changes only through rows of `contacts`: triggers (migration
 * 0007) bump the owner's version in the same transaction as any insert, update or delete there,
 * so a cached list answer is current while its version is.
 */
export const contactListVersions = pgTable("contact_list_versions", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * A typed link between two of a user's contacts, stored once (the lower contact id first):
 * `type` is what the related contact is to the contact. Both foreign keys carry the user, so
 * both people are the same user's, and deleting either removes the link.
 */
export const relationships = pgTable(
  "relationships",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactId: uuid().notNull(),
    relatedContactId: uuid().notNull(),
    type: text().notNull(),
    typeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    foreignKey({
      columns: [t.userId, t.contactId],
      foreignColumns: [contacts.userId, contacts.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.userId, t.relatedContactId],
      foreignColumns: [contacts.userId, contacts.id],
    }).onDelete("cascade"),
    uniqueIndex().on(t.userId, t.contactId, t.relatedContactId, t.typeKey),
    index().on(t.userId, t.relatedContactId),
    check("relationships_not_self", sql`${t.contactId} <> ${t.relatedContactId}`),
  ],
);
