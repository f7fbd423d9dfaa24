// Onboarding's schemas (spec 01 §3–5): the three steps with the spec's messages, and the API
// contract. Apart from onboarding.ts's helpers so that pages needing only those load no zod.
import { z } from "zod";
import { NAME_MAX_LENGTH, REMINDER_CADENCES, REMINDER_METHODS } from "./constants";
import {
  canonicalTimeZone,
  INTERNATIONAL_PHONE,
  ONBOARDING_MESSAGES,
  phoneProblem,
  REMINDER_FREQUENCY_MAX,
  toHour,
} from "./onboarding";
import { sanitizeText } from "./sanitize";

export const TimeZoneSchema = z
  .string({ error: ONBOARDING_MESSAGES.timezoneRequired })
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: ONBOARDING_MESSAGES.timezoneRequired });
    return z.NEVER;
  });

// ---- step schemas -----------------------------------------------------------------------

function requiredName(message: string) {
  return z
    .string({ error: message })
    .transform(sanitizeText)
    .pipe(z.string().min(1, message).max(NAME_MAX_LENGTH, ONBOARDING_MESSAGES.nameTooLong));
}

export const OnboardingNamesSchema = z.object({
  firstName: requiredName(ONBOARDING_MESSAGES.firstNameRequired),
  lastName: requiredName(ONBOARDING_MESSAGES.lastNameRequired),
});

export const OnboardingReminderSchema = z.object({
  reminderMethod: z.enum(REMINDER_METHODS, { error: ONBOARDING_MESSAGES.methodRequired }),
  reminderFrequency: z
    .number({ error: ONBOARDING_MESSAGES.frequencyMin })
    .int(ONBOARDING_MESSAGES.frequencyMin)
    .min(1, ONBOARDING_MESSAGES.frequencyMin)
    .max(REMINDER_FREQUENCY_MAX, ONBOARDING_MESSAGES.frequencyMax),
  reminderCadence: z.enum(REMINDER_CADENCES, { error: ONBOARDING_MESSAGES.cadenceRequired }),
  // The hour 0-23 held as text (spec 01 §3).
  reminderTime: z
    .string({ error: ONBOARDING_MESSAGES.timeRequired })
    .refine((v) => toHour(v) !== null, ONBOARDING_MESSAGES.timeRequired),
  timezone: TimeZoneSchema,
});

// Step 3 in the browser: the number after the fixed +1, optional.
export const OnboardingPhoneSchema = z.object({
  phone: z.string().superRefine((v, ctx) => {
    const problem = v.replace(/\D/g, "") === "" ? null : phoneProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export const OnboardingFormSchema = OnboardingNamesSchema.extend(
  OnboardingReminderSchema.shape,
).extend(OnboardingPhoneSchema.shape);
export type OnboardingFormInput = z.input<typeof OnboardingFormSchema>;
export type OnboardingFormValues = z.output<typeof OnboardingFormSchema>;

// ---- the API contract -------------------------------------------------------------------

// A full international number (digits and + only); null or "" clears it; absent leaves it.
const ApiPhoneSchema = z
  .string()
  .transform((v) => v.replace(/[^\d+]/g, ""))
  .pipe(
    z.union([
      z.literal("").transform(() => null),
      z.string().regex(INTERNATIONAL_PHONE, ONBOARDING_MESSAGES.phoneInvalid),
    ]),
  );

export const OnboardingCompleteSchema = OnboardingNamesSchema.extend(
  OnboardingReminderSchema.shape,
).extend({ phoneNumber: z.union([ApiPhoneSchema, z.null()]).optional() });
export type OnboardingCompleteInput = z.input<typeof OnboardingCompleteSchema>;

export const OnboardingCompleteResultSchema = z.object({
  onboardingCompleted: z.literal(true),
  phoneNumber: z.string().nullable(),
  smsVerificationSent: z.boolean(),
  reminder: z.object({
    reminderMethod: z.enum(REMINDER_METHODS),
    reminderFrequency: z.number(),
    reminderCadence: z.enum(REMINDER_CADENCES),
    reminderTime: z.string(),
    timezone: z.string(),
    nextScheduledAt: z.string(),
  }),
});
export type OnboardingCompleteResult = z.infer<typeof OnboardingCompleteResultSchema>;

// What the form is prefilled with (GET /api/onboarding).
export const OnboardingStateSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  onboardingCompleted: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  reminderMethod: z.enum(REMINDER_METHODS),
  reminderFrequency: z.number(),
  reminderCadence: z.enum(REMINDER_CADENCES),
  reminderTime: z.string(),
  timezone: z.string(),
  phoneNumber: z.string().nullable(),
});
export type OnboardingState = z.infer<typeof OnboardingStateSchema>;
