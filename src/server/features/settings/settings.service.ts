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
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { recomputeDueDates } from "../contacts/contacts.public";

type Executor = Db | Tx;

function pickEnum<T extends string>(options: readonly T[], value: string, fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

async function findActiveReminder(db: Executor, userId: string) {
  const [row] = await db
    .select({ nextScheduledAt: userReminders.nextScheduledAt })
    .from(userReminders)
    .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
  return row;
}

export async function getReminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const { settings } = await getAccountRows(db, userId); // inserts the defaults when missing
  const active = await findActiveReminder(db, userId);
  return {
    reminderMethod: pickEnum(REMINDER_METHODS, settings.reminderMethod, "email"),
    reminderFrequency: Math.max(1, settings.reminderFrequency),
    reminderCadence: pickEnum(REMINDER_CADENCES, settings.reminderCadence, "days"),
    reminderTime: String(parseReminderHour(settings.reminderTime)),
    timezone: settings.timezone,
    nextScheduledAt: active?.nextScheduledAt?.toISOString() ?? null,
  };
}

export async function updateReminderSettings(
  db: Db,
  options: { userId: string; input: ReminderSettingsValues; now: Date },
): Promise<ReminderSettings> {
  const { userId, input, now } = options;
  await getAccountRows(db, userId);
  const hour = parseReminderHour(input.reminderTime);
  const { rule, firstRun: nextScheduledAt } = ruleFromPreferences(now, { ...input, hour });
  return db.transaction(async (tx) => {
    // One writer per user at a time: a second save waits here and then sees the first one's
    // reminder row, so "one active reminder" holds without a unique-index error.
    const [current] = await tx
      .select({ timezone: userSettings.timezone })
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .for("update");
    const [user] = await tx
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    if (!current || !user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");

    const reminder = {
      reminderMethod: resolveReminderMethod(input.reminderMethod, user.phoneNumber),
      reminderFrequency: input.reminderFrequency,
      reminderCadence: input.reminderCadence,
      reminderTime: reminderHourToTime(hour),
      timezone: input.timezone,
    };
    await tx.update(userSettings).set(reminder).where(eq(userSettings.userId, userId));
    await tx
      .update(userReminders)
      .set({ isActive: false })
      .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
    await tx.insert(userReminders).values({
      userId,
      ...reminder,
      nextScheduledAt,
      anchorDate: rule.anchorDate,
      isActive: true,
    });
    // Due dates are calendar days in the user's zone (decision 020).
    if (current.timezone !== input.timezone) await recomputeDueDates(tx, userId, input.timezone);

    return {
      ...reminder,
      reminderTime: String(hour),
      nextScheduledAt: nextScheduledAt.toISOString(),
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
