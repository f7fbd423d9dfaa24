// What the steps start with: the saved values, the browser's time zone on first onboarding, and
// the +1 number split from its country code.
import {
  canonicalTimeZone,
  isTextAllowed,
  PHONE_COUNTRY_CODE,
  parseReminderHour,
  type OnboardingFormInput,
  type OnboardingState,
} from "../../../../core/onboarding";
import { DEFAULT_TIMEZONE } from "../../../../core/constants";

export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

export type FormStart = { defaults: OnboardingFormInput; keptPhone: string | null };

export function buildFormStart(state: OnboardingState, browserZone: string): FormStart {
  const saved = state.phoneNumber;
  const isPlusOne = Boolean(saved?.startsWith(PHONE_COUNTRY_CODE));
  const keptPhone = saved && !isPlusOne ? saved : null;
  return {
    keptPhone,
    defaults: {
      firstName: state.firstName,
      lastName: state.lastName,
      // Text needs a +1 number (or none); a kept number from elsewhere means email.
      reminderMethod: isTextAllowed(keptPhone) ? state.reminderMethod : "email",
      reminderFrequency: state.reminderFrequency,
      reminderCadence: state.reminderCadence,
      reminderTime: String(parseReminderHour(state.reminderTime)),
      timezone: state.onboardingCompleted ? state.timezone : browserZone,
      phone: saved && isPlusOne ? saved.slice(PHONE_COUNTRY_CODE.length) : "",
    },
  };
}
