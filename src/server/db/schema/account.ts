// Per-user profile, settings, reminder schedule and the append-only auth-event log.
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_DICEBEAR_STYLE,
  DEFAULT_REMINDER_CADENCE,
  DEFAULT_REMINDER_FREQUENCY,
  DEFAULT_REMINDER_METHOD,
  DEFAULT_REMINDER_TIME,
  DEFAULT_TIMEZONE,
} from "../../../core/constants";
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
  dicebearStyle: text().notNull().default(DEFAULT_DICEBEAR_STYLE),
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
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const userSettings = pgTable(
  "user_settings",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    theme: text(),
    avatarType: text().notNull().default("dicebear"),
    dicebearStyle: text().notNull().default(DEFAULT_DICEBEAR_STYLE),
    timezone: text().notNull().default(DEFAULT_TIMEZONE),
    reminderFrequency: integer().notNull().default(DEFAULT_REMINDER_FREQUENCY),
    reminderCadence: text().notNull().default(DEFAULT_REMINDER_CADENCE),
    reminderTime: text().notNull().default(DEFAULT_REMINDER_TIME),
    reminderMethod: text().notNull().default(DEFAULT_REMINDER_METHOD),
    onboardingCompleted: boolean().notNull().default(false),
    // Reminder channels: the one-click unsubscribe turns email reminders off; a hard
    // bounce pauses email to that address until the user changes or confirms it; SMS is suspended
    // only after 24 h of continuous permanent failure, and any success resets that.
    emailRemindersEnabled: boolean().notNull().default(true),
    emailBouncedAddress: text(),
    emailBouncedAt: timestamp({ withTimezone: true }),
    smsFailingSince: timestamp({ withTimezone: true }),
    smsSuspendedAt: timestamp({ withTimezone: true }),
    // The private calendar feed's secret (/calendar/{token}.ics); regenerating revokes the old URL.
    calendarToken: text(),
    // In-app notifications (reminders, alerts, announcements) also go to the user's push devices.
    pushInAppNotifications: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex("user_settings_calendar_token_user_id_unique").on(t.calendarToken, t.userId)],
);

export const userReminders = pgTable(
  "user_reminders",
  {
    id: uuid().notNull().defaultRandom(),
    userId: userId(),
    isActive: boolean().notNull().default(true),
    reminderFrequency: integer().notNull(),
    reminderCadence: text().notNull(),
    reminderTime: text().notNull(),
    reminderMethod: text().notNull(),
    timezone: text().notNull(),
    // The rule's first local day (YYYY-MM-DD in `timezone`): every occurrence is anchor + k × N
    // days or weeks at `reminderTime`, computed in the zone, so 09:00 stays 09:00 across DST.
    anchorDate: text(),
    nextScheduledAt: timestamp({ withTimezone: true }),
    lastRunAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
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
    id: uuid().notNull().defaultRandom(),
    userId: userId(),
    reminderId: uuid(),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    channel: text().notNull(),
    /**
     * primary (the email or text the user chose: one per occurrence, whichever it went by) or a
     * chat channel's kind (one more per occurrence for each channel the user connected).
     */
    lane: text().notNull().default("primary"),
    /** queued, sent, failed or skipped. */
    status: text().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    contactCount: integer().notNull().default(0),
    /** Why it was skipped, failed or went by another channel, in plain words. */
    reason: text(),
    isTest: boolean().notNull().default(false),
    /** The digest's people in its order: what a reply's "all" and "done" mean. */
    contactIds: jsonb().$type<string[]>(),
    /**
     * How many of `contactIds` each of the digest's lines named, in order (a household's line
     * names several): what a reply's numbers and a chat button mean.
     */
    lineSizes: jsonb().$type<number[]>(),
    outboxId: uuid(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    uniqueIndex("reminder_deliveries_one_per_occurrence")
      .on(t.userId, t.scheduledFor, t.lane)
      .where(sql`not ${t.isTest}`),
    index().on(t.userId, t.createdAt),
    index().on(t.outboxId),
    // The migration sets only reminder_id to null (ON DELETE SET NULL (reminder_id)).
    foreignKey({
      name: "reminder_deliveries_reminder_fk",
      columns: [t.reminderId, t.userId],
      foreignColumns: [userReminders.id, userReminders.userId],
    }).onDelete("set null"),
  ],
);

// One-tap links are single-use in effect: the first POST records the token's hash here in the
// same transaction as its action, so a replay changes nothing.
export const oneTapUses = pgTable(
  "one_tap_uses",
  {
    tokenHash: text().notNull(),
    userId: userId(),
    action: text().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Account deletion deletes by user; a distribution by user_id needs it indexed.
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index().on(t.userId)],
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

// The chat channels a user is reminded on besides email or text (issue 49): at most one of each
// kind. A Telegram channel is pending (a connect token, no chat yet) until the bot sees /start.
// A channel failing for good for 24 hours is suspended, like SMS; any success resets it.
export const reminderChannels = pgTable(
  "reminder_channels",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    /** telegram, whatsapp, ntfy or webhook. */
    kind: text().notNull(),
    /** The Telegram chat id, the WhatsApp number, the ntfy topic URL or the webhook URL. */
    address: text(),
    /** What Settings shows for it ("@grace", the topic URL). */
    label: text(),
    /** The ntfy access token or the webhook signing secret (needed in the clear to use it). */
    secret: text(),
    /** sha256 of a pending connect token (Telegram's start link), and when it stops working. */
    connectTokenHash: text(),
    connectExpiresAt: timestamp({ withTimezone: true }),
    connectedAt: timestamp({ withTimezone: true }),
    failingSince: timestamp({ withTimezone: true }),
    suspendedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reminder_channels_one_per_kind").on(t.userId, t.kind),
    // A chat belongs to one account: a second account's /start for it is refused.
    uniqueIndex("reminder_channels_one_account_per_chat")
      .on(t.kind, t.address)
      .where(sql`${t.kind} in ('telegram', 'whatsapp')`),
    uniqueIndex("reminder_channels_connect_token").on(t.connectTokenHash),
  ],
);

// The browsers a user turned push reminders on in (Settings → Notifications on this device): the
// push service's endpoint and the keys that encrypt for it. A 404 or 410 from the push service
// removes the row; `failureCount` counts failures since the last success.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid().notNull().defaultRandom(),
    userId: userId(),
    endpoint: text().notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as the PushSubscription gave. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** "Chrome on Android", from the User-Agent that subscribed. */
    label: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    failureCount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    uniqueIndex("push_subscriptions_one_per_endpoint").on(t.userId, t.endpoint),
  ],
);
