// The user's one active reminder schedule, saved from onboarding or Settings: the same
// preferences saved again keep the running schedule (its next run and anchor), changed ones
// start a new schedule.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { userReminders } from "../db/schema/index";

type ReminderPreferences = {
  reminderMethod: string;
  reminderFrequency: number;
  reminderCadence: string;
  reminderTime: string;
  timezone: string;
};

function isSameSchedule(a: ReminderPreferences, b: ReminderPreferences): boolean {
  return (
    a.reminderMethod === b.reminderMethod &&
    a.reminderFrequency === b.reminderFrequency &&
    a.reminderCadence === b.reminderCadence &&
    a.reminderTime === b.reminderTime &&
    a.timezone === b.timezone
  );
}

/** Returns the next run of the schedule that is active afterwards. */
export async function saveActiveReminder(
  tx: Tx,
  options: {
    userId: string;
    reminder: ReminderPreferences;
    /** The first run and anchor of a new schedule, used only when the preferences changed. */
    fresh: { nextScheduledAt: Date; anchorDate: string };
  },
): Promise<Date> {
  const { userId, reminder, fresh } = options;
  const active = await tx
    .select()
    .from(userReminders)
    .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
  const [current] = active;
  if (active.length === 1 && current?.nextScheduledAt && isSameSchedule(current, reminder))
    return current.nextScheduledAt;
  await tx
    .update(userReminders)
    .set({ isActive: false })
    .where(and(eq(userReminders.userId, userId), eq(userReminders.isActive, true)));
  await tx.insert(userReminders).values({ userId, ...reminder, ...fresh, isActive: true });
  return fresh.nextScheduledAt;
}
