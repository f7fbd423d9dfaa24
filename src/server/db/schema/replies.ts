// Replies to reminders, forwarded mail and SMS answers (issue 48), the actions the assistant
// read from each, and each user's private forwarding address.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ReplyActionDetails } from "../../../core/replies";
import { reminderDeliveries } from "./account";
import { users } from "./auth";
import { contacts } from "./contacts";

export const replies = pgTable(
  "replies",
  {
    id: uuid().primaryKey().defaultRandom(),
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
    deliveryId: uuid().references(() => reminderDeliveries.id, { onDelete: "set null" }),
    /** The mail's Message-ID (or Twilio's MessageSid): the same one twice is handled once. */
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.receivedAt),
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
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    replyId: uuid()
      .notNull()
      .references(() => replies.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
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
  (t) => [index().on(t.userId, t.status), index().on(t.replyId)],
);

/** The user's private forwarding address is log+<token>@INBOUND_DOMAIN; a new token revokes it. */
export const inboundAddresses = pgTable("inbound_addresses", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  forwardToken: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
