// Event webhooks: a user's receiver URLs with the events each wants, and a delivery per event and
// receiver. The secret is kept as the webhook reminder channel keeps its own: it must sign every
// delivery, so it cannot be stored as a hash.
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { WebhookDeliveryStatus, WebhookEventType } from "../../../core/webhooks";
import { users } from "./auth";

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text().notNull(),
    events: text().array().$type<WebhookEventType[]>().notNull(),
    secret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Read per user, and what deliveries' foreign key names.
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** The event's id in the body and Tend-Delivery: the same on every retry and resend. */
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    webhookId: uuid().notNull(),
    event: text().$type<WebhookEventType>().notNull(),
    /** The outbox row carrying the latest send (a resend makes a new one). */
    outboxId: uuid(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    foreignKey({
      name: "webhook_deliveries_webhook_fk",
      columns: [t.userId, t.webhookId],
      foreignColumns: [webhooks.userId, webhooks.id],
    }).onDelete("cascade"),
    index("webhook_deliveries_log").on(t.userId, t.webhookId, t.createdAt),
    index("webhook_deliveries_outbox").on(t.outboxId),
  ],
);
