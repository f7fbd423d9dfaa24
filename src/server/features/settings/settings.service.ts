// Settings → Reminders: read the saved preferences with the next run, and save new ones in one
// transaction (user_settings, the active user_reminders row, contacts' due dates on a zone change).
import { and, eq } from "drizzle-orm";
import { REMINDER_CADENCES, REMINDER_METHODS } from "../../../core/constants";
import {
  isTextAllowed,
  parseReminderHour,
  reminderHourToTime,
  resolveReminderMethod,
} from "../../../core/onboarding";
import type { ReminderSettings, ReminderSettingsValues } from "../../../core/settings";
import type { Db, Tx } from "../../db/client";
import { userReminders, userSettings, users } from "../../db/schema/index";
import { ruleFromPreferences } from "../../../core/reminder-schedule";
import { saveActiveReminder } from "../../lib/active-reminder";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { recomputeDueDates } from "../contacts/contacts.public";

function pickEnum<T extends string>(options: readonly T[], value: string, fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

type SettingsRow = typeof userSettings.$inferSelect;

/** The saved reminder preferences as the forms show them (the hour alone, e.g. "9"). */
export function shownReminderPreferences(settings: SettingsRow) {
  return {
    reminderMethod: pickEnum(REMINDER_METHODS, settings.reminderMethod, "email"),
    reminderFrequency: Math.max(1, settings.reminderFrequency),
    reminderCadence: pickEnum(REMINDER_CADENCES, settings.reminderCadence, "days"),
    reminderTime: String(parseReminderHour(settings.reminderTime)),
    timezone: settings.timezone,
  };
}

export async function getReminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const { settings } = await getAccountRows(db, userId); // inserts the defaults when missing
  const [active] = await db
    .select({ nextScheduledAt: userReminders.nextScheduledAt })
    .from(userReminders)
    .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
  return {
    ...shownReminderPreferences(settings),
    nextScheduledAt: active?.nextScheduledAt?.toISOString() ?? null,
  };
}

/**
 * Saves the user's reminder preferences (and `settings`, e.g. onboarding's completion) in `tx`
 * and makes them the one active reminder (the running one when they did not change); due dates
 * move with a new time zone. The settings row
 * must exist (getAccountRows). Text reminders need a +1 `phone`, else they become email ones.
 */
export async function saveReminderSchedule(
  tx: Tx,
  options: {
    userId: string;
    input: ReminderSettingsValues;
    phone: string | null;
    now: Date;
    settings?: Partial<SettingsRow>;
  },
) {
  const { userId, input, now } = options;
  // One writer per user at a time: a second save waits here and then sees the first one's
  // reminder row, so "one active reminder" holds without a unique-index error.
  const [current] = await tx
    .select({ timezone: userSettings.timezone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .for("update");
  if (!current) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  const hour = parseReminderHour(input.reminderTime);
  const { rule, firstRun: nextScheduledAt } = ruleFromPreferences(now, { ...input, hour });
  const reminder = {
    reminderMethod: resolveReminderMethod(input.reminderMethod, options.phone),
    reminderFrequency: input.reminderFrequency,
    reminderCadence: input.reminderCadence,
    reminderTime: reminderHourToTime(hour),
    timezone: input.timezone,
  };
  await tx
    .update(userSettings)
    .set({ ...reminder, ...options.settings })
    .where(eq(userSettings.userId, userId));
  const nextRun = await saveActiveReminder(tx, {
    userId,
    reminder,
    fresh: { nextScheduledAt, anchorDate: rule.anchorDate },
  });
  // Due dates are calendar days in the user's zone.
  if (current.timezone !== input.timezone) await recomputeDueDates(tx, userId, input.timezone);
  return { reminder, hour, nextScheduledAt: nextRun };
}

export async function updateReminderSettings(
  db: Db,
  options: { userId: string; input: ReminderSettingsValues; now: Date },
): Promise<ReminderSettings> {
  await getAccountRows(db, options.userId);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, options.userId));
    if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const saved = await saveReminderSchedule(tx, { ...options, phone: user.phoneNumber });
    return {
      ...saved.reminder,
      reminderTime: String(saved.hour),
      nextScheduledAt: saved.nextScheduledAt.toISOString(),
    };
  });
}

// The text rule (spec 01 §5) after a phone change elsewhere: a number outside +1 means email.
export async function enforceTextRule(tx: Tx, userId: string, phone: string | null) {
  if (isTextAllowed(phone)) return;
  await moveTextRemindersToEmail(tx, userId);
}

/** Text reminders become email ones (a number outside +1, or a number lost to another account). */
export async function moveTextRemindersToEmail(tx: Tx, userId: string) {
  await tx
    .update(userSettings)
    .set({ reminderMethod: "email" })
    .where(and(eq(userSettings.userId, userId), eq(userSettings.reminderMethod, "text")));
  await tx
    .update(userReminders)
    .set({ reminderMethod: "email" })
    .where(
      and(
        eq(userReminders.userId, userId),
        eq(userReminders.isActive, true),
        eq(userReminders.reminderMethod, "text"),
      ),
    );
}
