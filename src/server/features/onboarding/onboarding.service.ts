// Onboarding completion (spec 01 §4): profile, settings and the first active reminder saved in
// one transaction; the prefill read for the form.
import { and, eq, ne } from "drizzle-orm";
import { REMINDER_CADENCES, REMINDER_METHODS } from "../../../core/constants";
import {
  parseReminderHour,
  reminderHourToTime,
  resolveReminderMethod,
  type OnboardingCompleteResult,
  type OnboardingState,
} from "../../../core/onboarding";
import type { Db, Tx } from "../../db/client";
import { profiles, userReminders, userSettings, users } from "../../db/schema/index";
import { ruleFromPreferences } from "../../../core/reminder-schedule";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";

export const PHONE_TAKEN_MESSAGE =
  "That phone number is already used by another account. Use a different number or skip this step.";

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
    phoneNumber: user.phoneNumber,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function savePhone(
  tx: Tx,
  userId: string,
  phone: string | null,
  current: { phoneNumber: string | null; phoneNumberVerified: boolean | null },
): Promise<void> {
  if (phone === current.phoneNumber) return;
  if (phone) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, phone), ne(users.id, userId)));
    if (taken)
      throw new AppError("CONFLICT", PHONE_TAKEN_MESSAGE, { phoneNumber: PHONE_TAKEN_MESSAGE });
  }
  await tx
    .update(users)
    .set({ phoneNumber: phone, phoneNumberVerified: false })
    .where(eq(users.id, userId));
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
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
      const phone = input.phoneNumber === undefined ? user.phoneNumber : input.phoneNumber;
      const reminderMethod = resolveReminderMethod(input.reminderMethod, phone);
      const { firstName, lastName, timezone, reminderFrequency, reminderCadence } = input;

      await savePhone(tx, userId, phone, user);
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

      const isSameVerifiedPhone = phone === user.phoneNumber && user.phoneNumberVerified === true;
      return {
        onboardingCompleted: true as const,
        phoneNumber: phone,
        needsPhoneVerification: Boolean(phone) && !isSameVerifiedPhone,
        reminder: { ...reminder, nextScheduledAt: nextScheduledAt.toISOString() },
      };
    });
  } catch (error) {
    // Another account took the number between our check and the write.
    if (!(error instanceof AppError) && isUniqueViolation(error))
      throw new AppError("CONFLICT", PHONE_TAKEN_MESSAGE, { phoneNumber: PHONE_TAKEN_MESSAGE });
    throw error;
  }
}
