// Onboarding (spec 01 §3–5): the spec's messages, the +1 text rule,
// the 24 hourly time choices, the initialStep parameter and the first reminder's next run.
import type { REMINDER_CADENCES, REMINDER_METHODS } from "./constants";
import { DEFAULT_REMINDER_HOUR, NAME_MAX_LENGTH, ONBOARDING_STEPS } from "./constants";
import type { OnboardingFormInput } from "./onboarding-schemas";
import { normalizeReminderTime } from "./sanitize";

export const ONBOARDING_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters`,
  methodRequired: "Please select a reminder method",
  frequencyMin: "Frequency must be at least 1",
  frequencyMax: "Frequency can be at most 365",
  cadenceRequired: "Please select how often to receive reminders",
  timeRequired: "Please select a reminder time",
  timezoneRequired: "Please select a valid time zone",
  phoneInvalid: "Please enter a valid phone number",
  phoneOtherCountry:
    "Only United States and Canada (+1) numbers can be added for now. Enter a +1 number, or leave it empty.",
} as const;

export const REMINDER_FREQUENCY_MAX = 365;

// The only country code offered (spec 01 §5): United States and Canada.
export const PHONE_COUNTRY_CODE = "+1";
export const PHONE_COUNTRY_LABEL = "+1 United States / Canada";
export const INTERNATIONAL_PHONE = /^\+[1-9]\d{1,14}$/;

export type ReminderMethod = (typeof REMINDER_METHODS)[number];
export type ReminderCadence = (typeof REMINDER_CADENCES)[number];

// ---- time zones -------------------------------------------------------------------------

let knownZones: Map<string, string> | null = null;

// The zones this engine lists (plus UTC, which some engines leave out), by lowercased name.
export function listTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? [...zones] : ["UTC", ...zones];
}

// A real IANA zone name (not an offset like "+05:30"). The spelling is kept (engines disagree on
// Asia/Kolkata vs Asia/Calcutta); only the letter case is corrected when the engine lists it.
export function canonicalTimeZone(value: string): string | null {
  const text = value.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(text)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: text });
  } catch {
    return null;
  }
  knownZones ??= new Map(listTimeZones().map((zone) => [zone.toLowerCase(), zone]));
  return knownZones.get(text.toLowerCase()) ?? text;
}

// ---- reminder time ------------------------------------------------------------------------

/** The hours a reminder can go out at, 0–23 (the form's values; their labels follow the reader). */
export const REMINDER_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);

export function toHour(value: unknown): number | null {
  if (typeof value === "number")
    return Number.isInteger(value) && value >= 0 && value <= 23 ? value : null;
  if (typeof value !== "string") return null;
  const match = /^(\d{1,2})(?::00(?::00)?)?$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  return hour <= 23 ? hour : null;
}

// The picker's rule: anything that is not one of the 24 hours falls back to 9.
export function parseReminderHour(value: unknown): number {
  return toHour(value) ?? DEFAULT_REMINDER_HOUR;
}

// The stored form of a reminder hour: HH:MM:SS.
export function reminderHourToTime(hour: number): string {
  return normalizeReminderTime(String(hour));
}

// Only digits are kept, after a typed "+": a number typed with its country code keeps it.
// Without one the number is taken as +1; a leading 1 on 11 digits is that code typed again.
export function toInternationalPhone(typed: string): string {
  let digits = typed.replace(/\D/g, "");
  if (typed.trim().startsWith("+")) return `+${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return `${PHONE_COUNTRY_CODE}${digits}`;
}

/** A number typed with a country code other than the only one offered (spec 01 §5). */
function isOtherCountryPhone(typed: string): boolean {
  return (
    typed.trim().startsWith("+") && !toInternationalPhone(typed).startsWith(PHONE_COUNTRY_CODE)
  );
}

/** What the phone field keeps as it is typed: digits, after a leading "+". */
export function keepPhoneCharacters(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return typed.trimStart().startsWith("+") ? `+${digits}` : digits;
}

/** The spec's message for a typed number that cannot be saved, or null when it can. */
export function phoneProblem(typed: string): string | null {
  if (isOtherCountryPhone(typed)) return ONBOARDING_MESSAGES.phoneOtherCountry;
  return isValidInternationalPhone(toInternationalPhone(typed))
    ? null
    : ONBOARDING_MESSAGES.phoneInvalid;
}

export function isValidInternationalPhone(phone: string): boolean {
  return INTERNATIONAL_PHONE.test(phone);
}

// The step and API schemas are in onboarding-schemas.ts, so a page that needs only these
// helpers loads no zod.
export type {
  OnboardingCompleteInput,
  OnboardingCompleteResult,
  OnboardingFormInput,
  OnboardingFormValues,
  OnboardingState,
} from "./onboarding-schemas";

export const ONBOARDING_STEP_FIELDS = {
  1: ["firstName", "lastName"],
  2: ["reminderMethod", "reminderFrequency", "reminderCadence", "reminderTime", "timezone"],
  3: ["phone"],
} as const satisfies Record<number, readonly (keyof OnboardingFormInput)[]>;

// ---- rules --------------------------------------------------------------------------------

// Text reminders only for US/Canada (+1) numbers or when no phone is given; otherwise email.
export function isTextAllowed(phone: string | null | undefined): boolean {
  return !phone || phone.startsWith(PHONE_COUNTRY_CODE);
}

export function resolveReminderMethod(
  method: ReminderMethod,
  phone: string | null | undefined,
): ReminderMethod {
  return method === "text" && !isTextAllowed(phone) ? "email" : method;
}

// initialStep must be a whole number of at least 1; larger than the last step means the last.
export function parseInitialStep(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const step = Number(value.trim());
  if (step < 1) return 1;
  return Math.min(step, ONBOARDING_STEPS);
}
