// Replies to reminders, forwarded mail and SMS answers (issue 48), the actions the assistant
// read from each, and each user's private forwarding address.
import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ReplyActionDetails } from "../../../core/replies";
import { reminderDeliveries } from "./account";
import { users } from "./auth";
import { contacts } from "./contacts";

export const replies = pgTable(
  "replies",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** email (a reply to a digest), sms or forward (mail sent to the forwarding address). */
    channel: text().notNull(),
    from: text().notNull(),
    subject: text(),
    /** The reply's own words, as read (quoted history and signature removed). */
    text: text().notNull(),
    readBy: text().notNull(),
    /** The digest replied to: its people are what "all", "done" and numbers mean. */
    deliveryId: uuid(),
    /** The mail's Message-ID (or Twilio's MessageSid): the same one twice is handled once. */
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId, t.receivedAt),
    // The migration sets only delivery_id to null (ON DELETE SET NULL (delivery_id)).
    foreignKey({
      name: "replies_delivery_fk",
      columns: [t.deliveryId, t.userId],
      foreignColumns: [reminderDeliveries.id, reminderDeliveries.userId],
    }).onDelete("set null"),
    uniqueIndex("replies_one_per_message")
      .on(t.userId, t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/** How to take an applied action back: the logged entry, or the columns as they were. */
export type ReplyActionUndo = (
  | { kind: "interaction"; interactionId: string }
  | { kind: "snooze"; nextDueAt: string | null; after: string | null }
  | { kind: "fields"; before: Record<string, unknown>; after: Record<string, unknown> }
) & {
  /** The contact Accept made for a new person, as it was just after: undo removes it if unchanged. */
  createdContact?: { id: string; updatedAt: string };
};

export const replyActions = pgTable(
  "reply_actions",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    replyId: uuid().notNull(),
    kind: text().notNull(),
    contactId: uuid(),
    candidateIds: text().array().notNull().default([]),
    /** The name as written, when the words named no one contact. */
    name: text(),
    details: jsonb().$type<ReplyActionDetails>().notNull(),
    evidence: text().notNull().default(""),
    /** applied, suggested or dismissed. */
    status: text().notNull(),
    /** Set while an applied action can be taken back; cleared by undo. */
    undo: jsonb().$type<ReplyActionUndo>(),
    appliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId, t.status),
    index().on(t.replyId),
    foreignKey({
      name: "reply_actions_reply_fk",
      columns: [t.replyId, t.userId],
      foreignColumns: [replies.id, replies.userId],
    }).onDelete("cascade"),
    // The migration sets only contact_id to null (ON DELETE SET NULL (contact_id)).
    foreignKey({
      name: "reply_actions_contact_fk",
      columns: [t.contactId, t.userId],
      foreignColumns: [contacts.id, contacts.userId],
    }).onDelete("set null"),
  ],
);

/** The user's private forwarding address is log+<token>@INBOUND_DOMAIN; a new token revokes it. */
export const inboundAddresses = pgTable(
  "inbound_addresses",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    forwardToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("inbound_addresses_forward_token_user_id_unique").on(t.forwardToken, t.userId),
  ],
);
