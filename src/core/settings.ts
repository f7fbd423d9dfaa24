// Settings (spec 02 §2, §3, §8): the reminder contract shared by GET/PATCH
// /api/settings/reminders, the catalogue texts, and how the next reminder is shown.
import { formatReminderHour, type ReminderCadence } from "./onboarding";

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
// texts and helpers here loads no zod (decision 194).
export type {
  ReminderSettings,
  ReminderSettingsInput,
  ReminderSettingsValues,
} from "./settings-schemas";

const CADENCE_UNITS: Record<Exclude<ReminderCadence, "as_needed">, [string, string]> = {
  days: ["day", "days"],
  weeks: ["week", "weeks"],
};

// "Every day at 9:00 AM", "Every 2 weeks at 6:00 PM", "As needed, checked at 9:00 AM".
export function describeReminderSchedule(options: {
  frequency: number;
  cadence: ReminderCadence;
  hour: number;
}): string {
  const { frequency, cadence, hour } = options;
  const time = formatReminderHour(hour);
  if (cadence === "as_needed") return `As needed, checked at ${time}`;
  const [one, many] = CADENCE_UNITS[cadence];
  return frequency === 1 ? `Every ${one} at ${time}` : `Every ${frequency} ${many} at ${time}`;
}

const DATE_PARTS = {
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  short: { year: "numeric", month: "short", day: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// The instant as the user reads it in their own zone: "Tuesday, March 10, 2026 at 9:00 AM EDT",
// or for lists (the delivery log) "Mar 10, 2026, 9:00 AM EDT".
export function formatInTimeZone(
  iso: string,
  timeZone: string,
  length: keyof typeof DATE_PARTS = "long",
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone,
      ...DATE_PARTS[length],
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(date);
  } catch {
    return date.toISOString();
  }
}
