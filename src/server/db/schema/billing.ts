// Subscriptions as the billing provider reports them, the per-user status the app gates on,
// checkout sessions (for the local provider and for linking), payments, processed webhook
// events, leads.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const billingStatus = pgTable("billing_status", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  subscriptionStatus: text().notNull(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  provider: text().notNull(),
  isTrial: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text().notNull(),
    provider: text().notNull(),
    providerCustomerId: text(),
    checkoutSessionId: text().unique(),
    priceId: text(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index().on(t.userId, t.status)],
);

export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    status: text().notNull().default("open"),
    email: text(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    subscriptionId: text(),
    customerId: text(),
    /** The running trial's end when the checkout started: the paid period starts there. */
    trialEndsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

// What the provider recorded as charged: the local test card's monthly charges, Stripe's paid
// invoices. user_id is null while the subscription has no account yet (a payment before the
// account is created), and is filled in when the subscription is linked.
export const payments = pgTable(
  "payments",
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: text().notNull(),
    provider: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId, t.paidAt), index().on(t.subscriptionId)],
);

export const webhookEvents = pgTable("webhook_events", {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  payload: jsonb(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp({ withTimezone: true }),
});

export const leads = pgTable("leads", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  source: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
