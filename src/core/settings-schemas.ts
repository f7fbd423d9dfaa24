// The reminder settings contract shared by GET/PATCH /api/settings/reminders (spec 02 §2, §3):
// apart from settings.ts's texts and helpers, so that pages needing only those load no zod.
import { z } from "zod";
import { REMINDER_CADENCES, REMINDER_METHODS } from "./constants";
import { OnboardingReminderSchema } from "./onboarding-schemas";

// The same fields, rules and messages as onboarding step 2 (spec 01 §5).
export const ReminderSettingsInputSchema = OnboardingReminderSchema;
export type ReminderSettingsInput = z.input<typeof ReminderSettingsInputSchema>;
export type ReminderSettingsValues = z.output<typeof ReminderSettingsInputSchema>;

export const ReminderSettingsSchema = z.object({
  reminderMethod: z.enum(REMINDER_METHODS),
  reminderFrequency: z.number(),
  reminderCadence: z.enum(REMINDER_CADENCES),
  /** The hour 0-23 as text, like the form field ("9"). */
  reminderTime: z.string(),
  timezone: z.string(),
  /** The active reminder's next run; null before the first one is scheduled (onboarding). */
  nextScheduledAt: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;
