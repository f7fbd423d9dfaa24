// Settings (spec 02 §2, §3, §8): the reminder contract shared by GET/PATCH
// /api/settings/reminders, the catalogue texts, and how the schedule is described.
import type { ReminderCadence } from "./onboarding";

// Spec 02 §8 "Settings", word for word.
export const SETTINGS_MESSAGES = {
  errorTitle: "Error",
  loadFailed: "Failed to load settings",
  createDefaultsFailed: "Failed to create default settings",
  updateFailed: "Failed to update setting",
  successTitle: "Success",
  updated: "Setting updated successfully",
} as const;

// The reminder contract's schemas are in settings-schemas.ts, so a page that needs only the
// texts and helpers here loads no zod.
export type {
  ReminderSettings,
  ReminderSettingsInput,
  ReminderSettingsValues,
} from "./settings-schemas";

const CADENCE_UNITS: Record<Exclude<ReminderCadence, "as_needed">, [string, string]> = {
  days: ["day", "days"],
  weeks: ["week", "weeks"],
};

// "Every day at 9:00 AM", "Every 2 weeks at 18:00", "As needed, checked at 9:00 AM": `time` is
// the hour as the reader's clock writes it.
export function describeReminderSchedule(options: {
  frequency: number;
  cadence: ReminderCadence;
  time: string;
}): string {
  const { frequency, cadence, time } = options;
  if (cadence === "as_needed") return `As needed, checked at ${time}`;
  const [one, many] = CADENCE_UNITS[cadence];
  return frequency === 1 ? `Every ${one} at ${time}` : `Every ${frequency} ${many} at ${time}`;
}
