// Per-user profile, settings, reminder schedule and the append-only auth-event log.
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

const userId = () =>
  text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const profiles = pgTable("profiles", {
  id: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text(),
  lastName: text(),
  dicebearSeed: text().notNull(),
  avatarType: text().notNull().default("dicebear"),
  avatarUrl: text().notNull().default(""),
  dicebearStyle: text().notNull().default("avataaars"),
  streetAddress: text(),
  street: text(),
  city: text(),
  state: text(),
  regionName: text(),
  regionCode: text(),
  postalCode: text(),
  postcode: text(),
  country: text(),
  countryName: text(),
  countryCode: text(),
  address: text(),
  formattedAddress: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  rawFeature: jsonb(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable("user_settings", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  theme: text(),
  avatarType: text().notNull().default("dicebear"),
  dicebearStyle: text().notNull().default("avataaars"),
  timezone: text().notNull().default("UTC"),
  reminderFrequency: integer().notNull().default(1),
  reminderCadence: text().notNull().default("days"),
  reminderTime: text().notNull().default("09:00:00"),
  reminderMethod: text().notNull().default("email"),
  onboardingCompleted: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userReminders = pgTable(
  "user_reminders",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    isActive: boolean().notNull().default(true),
    reminderFrequency: integer().notNull(),
    reminderCadence: text().notNull(),
    reminderTime: text().notNull(),
    reminderMethod: text().notNull(),
    timezone: text().notNull(),
    nextScheduledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId),
    uniqueIndex("user_reminders_one_active")
      .on(t.userId)
      .where(sql`${t.isActive}`),
    index("user_reminders_due")
      .on(t.nextScheduledAt)
      .where(sql`${t.isActive}`),
  ],
);

// One row per reminder occurrence: the unique key makes each occurrence send exactly once.
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    reminderId: uuid().references(() => userReminders.id, { onDelete: "set null" }),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    channel: text().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    contactCount: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.scheduledFor), index().on(t.userId)],
);

export const authEvents = pgTable(
  "auth_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    eventType: text().notNull(),
    ipAddress: text(),
    userAgent: text(),
    metadata: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);
