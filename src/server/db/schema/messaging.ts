// Outgoing mail and SMS in one outbox (claimed with a lease, retried with backoff; the dev
// mailbox reads it when no SMTP is set), in-app notifications, and feedback.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { FeedbackDiagnostics } from "../../../core/feedback";
import { users } from "./auth";

export const outbox = pgTable(
  "outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    /** email or sms. */
    channel: text().notNull(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull().default(""),
    html: text().notNull().default(""),
    /** The plain-text part of a mail, or the SMS body. */
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userNotifications = pgTable(
  "user_notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    seenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid().primaryKey().defaultRandom(),
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
  (t) => [index().on(t.userId)],
);
