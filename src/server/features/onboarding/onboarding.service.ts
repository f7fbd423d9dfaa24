// Onboarding completion (spec 01 §4): profile, settings and the first active reminder saved in
// one transaction; the prefill read for the form.
import { and, eq } from "drizzle-orm";
import { REMINDER_CADENCES, REMINDER_METHODS } from "../../../core/constants";
import {
  parseReminderHour,
  reminderHourToTime,
  resolveReminderMethod,
  type OnboardingCompleteResult,
  type OnboardingState,
} from "../../../core/onboarding";
import type { Db } from "../../db/client";
import { profiles, userReminders, userSettings, users } from "../../db/schema/index";
import { ruleFromPreferences } from "../../../core/reminder-schedule";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { readShownPhone, savePhoneNumber } from "../../lib/pending-phone";

export type CompleteOnboardingInput = {
  firstName: string;
  lastName: string;
  timezone: string;
  reminderMethod: (typeof REMINDER_METHODS)[number];
  reminderFrequency: number;
  reminderCadence: (typeof REMINDER_CADENCES)[number];
  reminderTime: string;
  /** undefined keeps the saved number, null clears it. */
  phoneNumber?: string | null;
};

export type CompleteOnboardingOutcome = Omit<OnboardingCompleteResult, "smsVerificationSent"> & {
  /** True when the number is new or not yet verified, so a code should be sent. */
  needsPhoneVerification: boolean;
};

function pickEnum<T extends string>(options: readonly T[], value: string, fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

export async function getOnboardingState(db: Db, userId: string): Promise<OnboardingState> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  const { profile, settings } = await getAccountRows(db, userId);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    onboardingCompleted: settings.onboardingCompleted,
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    reminderMethod: pickEnum(REMINDER_METHODS, settings.reminderMethod, "email"),
    reminderFrequency: Math.max(1, settings.reminderFrequency),
    reminderCadence: pickEnum(REMINDER_CADENCES, settings.reminderCadence, "days"),
    reminderTime: String(parseReminderHour(settings.reminderTime)),
    timezone: settings.timezone,
    phoneNumber: (await readShownPhone(db, user)).phoneNumber,
  };
}

export async function completeOnboarding(
  db: Db,
  options: { userId: string; input: CompleteOnboardingInput; now: Date },
): Promise<CompleteOnboardingOutcome> {
  const { userId, input, now } = options;
  await getAccountRows(db, userId); // profile and settings rows exist from here on
  const hour = parseReminderHour(input.reminderTime);
  const reminderTime = reminderHourToTime(hour);
  const { rule, firstRun: nextScheduledAt } = ruleFromPreferences(now, { ...input, hour });
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const shown = await readShownPhone(tx, user);
    const phone = input.phoneNumber === undefined ? shown.phoneNumber : input.phoneNumber;
    const reminderMethod = resolveReminderMethod(input.reminderMethod, phone);
    const { firstName, lastName, timezone, reminderFrequency, reminderCadence } = input;

    // Never says whether another account holds the number (decision 156).
    await savePhoneNumber(tx, userId, phone, user);
    await tx.update(profiles).set({ firstName, lastName }).where(eq(profiles.id, userId));
    await tx
      .update(users)
      .set({ name: `${firstName} ${lastName}` })
      .where(eq(users.id, userId));
    const reminder = {
      reminderMethod,
      reminderFrequency,
      reminderCadence,
      reminderTime,
      timezone,
    };
    await tx
      .update(userSettings)
      .set({ ...reminder, onboardingCompleted: true })
      .where(eq(userSettings.userId, userId));
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

    const isSameVerifiedPhone =
      phone === shown.phoneNumber && shown.phoneNumberVerified === true && phone !== null;
    return {
      onboardingCompleted: true as const,
      phoneNumber: phone,
      needsPhoneVerification: Boolean(phone) && !isSameVerifiedPhone,
      reminder: { ...reminder, nextScheduledAt: nextScheduledAt.toISOString() },
    };
  });
}
