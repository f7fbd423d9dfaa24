// Onboarding completion (spec 01 §4): profile, settings and the first active reminder saved in
// one transaction; the prefill read for the form.
import { eq } from "drizzle-orm";
import type { REMINDER_CADENCES, REMINDER_METHODS } from "../../../core/constants";
import type { OnboardingCompleteResult, OnboardingState } from "../../../core/onboarding";
import type { Db } from "../../db/client";
import { profiles, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { readShownPhone, savePhoneNumber } from "../../lib/pending-phone";
import { saveReminderSchedule, shownReminderPreferences } from "../settings/settings.public";

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
    ...shownReminderPreferences(settings),
    phoneNumber: (await readShownPhone(db, user)).phoneNumber,
  };
}

export async function completeOnboarding(
  db: Db,
  options: { userId: string; input: CompleteOnboardingInput; now: Date },
): Promise<CompleteOnboardingOutcome> {
  const { userId, input, now } = options;
  await getAccountRows(db, userId); // profile and settings rows exist from here on
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const shown = await readShownPhone(tx, user);
    const phone = input.phoneNumber === undefined ? shown.phoneNumber : input.phoneNumber;
    const { firstName, lastName } = input;

    // Never says whether another account holds the number.
    await savePhoneNumber(tx, userId, phone, user);
    await tx.update(profiles).set({ firstName, lastName }).where(eq(profiles.id, userId));
    await tx
      .update(users)
      .set({ name: `${firstName} ${lastName}` })
      .where(eq(users.id, userId));
    const { reminder, nextScheduledAt } = await saveReminderSchedule(tx, {
      userId,
      input,
      phone,
      now,
      settings: { onboardingCompleted: true },
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
