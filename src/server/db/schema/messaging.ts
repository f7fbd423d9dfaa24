// Outgoing mail and SMS in one outbox (claimed with a lease, retried with backoff; the dev
// mailbox reads it when no SMTP is set), in-app notifications, and feedback.
import { sql } from "drizzle-orm";
import {
  bigint,
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
import type { PushNotice } from "../../../core/push";
import type { ChatMessage } from "../../../core/chat-channels";
import type { FeedbackDiagnostics } from "../../../core/feedback";
import { users } from "./auth";

export const outbox = pgTable(
  "outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    /** email, sms, push, or a chat channel: telegram, whatsapp, ntfy or webhook. */
    channel: text().notNull(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull().default(""),
    html: text().notNull().default(""),
    /** The plain-text part of a mail, or the SMS body. */
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /**
     * A chat channel's or a push's message as data (its people and their buttons: see
     * core/chat-channels), or an in-app notification going out as a push (core/push).
     */
    payload: jsonb().$type<ChatMessage | PushNotice>(),
    /** The reminder delivery this message carries, if any. */
    deliveryId: uuid(),
    /** pending, sending (claimed, lease until leaseExpiresAt), sent or failed (dead letter). */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** permanent (the peer refused for good) or transient; null until a failure. */
    failure: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** smtp, dev (the dev mailbox) or twilio: where it was delivered. */
    transport: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId),
    index("outbox_claimable")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index().on(t.to),
    index().on(t.deliveryId),
  ],
);

export const notifications = pgTable("notifications", {
  id: uuid().primaryKey().defaultRandom(),
  type: text().notNull(),
  title: text().notNull(),
  content: text().notNull().default(""),
  link: text(),
  metadata: jsonb(),
  /** An announcement's operator-given key (`npm run announce -- --key`): re-runs reuse the row. */
  announcementKey: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userNotifications = pgTable(
  "user_notifications",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    seenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index().on(t.userId, t.createdAt),
    // One row per user and notification: an announcement re-run adds no second copy.
    uniqueIndex().on(t.notificationId, t.userId),
  ],
);

/** Each user's last change position: the per-user sequence behind the SSE event ids. */
export const notificationPositions = pgTable("notification_positions", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  position: bigint({ mode: "number" }).notNull(),
});

/**
 * Every change to a user's notification rows (created, seen, all seen) at its position: what the
 * stream sends, and replays after `Last-Event-ID`.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: bigint({ mode: "number" }).notNull(),
    /** created, seen or all_seen. */
    kind: text().notNull(),
    /** The row created or seen; null for all_seen. */
    userNotificationId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedbackType: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    imageUrl: text(),
    /** A bug report's browser, app version and recent local errors, sent with consent. */
    diagnostics: jsonb().$type<FeedbackDiagnostics>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index().on(t.userId)],
);
