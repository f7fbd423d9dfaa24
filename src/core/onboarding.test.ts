import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  isTextAllowed,
  parseInitialStep,
  parseReminderHour,
  REMINDER_HOURS,
  reminderHourToTime,
  resolveReminderMethod,
  toInternationalPhone,
  keepPhoneCharacters,
} from "./onboarding";
import {
  OnboardingCompleteSchema,
  OnboardingFormSchema,
  OnboardingNamesSchema,
  OnboardingPhoneSchema,
  OnboardingReminderSchema,
} from "./onboarding-schemas";
import { normalizeReminderTime } from "./sanitize";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

const validReminder = {
  reminderMethod: "email",
  reminderFrequency: 1,
  reminderCadence: "days",
  reminderTime: "9",
  timezone: "UTC",
};

describe("step 1: names", () => {
  it("requires both names, after trimming", () => {
    const result = OnboardingNamesSchema.safeParse({ firstName: "   ", lastName: "" });
    expect(messages(result)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(messages(OnboardingNamesSchema.safeParse({}))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
  });

  it("trims and strips control characters", () => {
    expect(
      OnboardingNamesSchema.parse({ firstName: "  Ada\u0007 ", lastName: " Lovelace " }),
    ).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
  });
});

describe("step 2: reminder preferences", () => {
  it("accepts the defaults", () => {
    expect(OnboardingReminderSchema.parse(validReminder)).toEqual(validReminder);
  });

  it("gives the spec's message for each missing field", () => {
    const result = OnboardingReminderSchema.safeParse({
      reminderMethod: undefined,
      reminderFrequency: Number.NaN,
      reminderCadence: "",
      reminderTime: "",
      timezone: "UTC",
    });
    expect(messages(result)).toEqual({
      reminderMethod: "Please select a reminder method",
      reminderFrequency: "Frequency must be at least 1",
      reminderCadence: "Please select how often to receive reminders",
      reminderTime: "Please select a reminder time",
    });
  });

  it("needs a frequency of at least 1, as a whole number", () => {
    for (const reminderFrequency of [0, -3, 1.5]) {
      expect(
        messages(OnboardingReminderSchema.safeParse({ ...validReminder, reminderFrequency })),
      ).toEqual({ reminderFrequency: "Frequency must be at least 1" });
    }
    expect(
      OnboardingReminderSchema.safeParse({ ...validReminder, reminderFrequency: 366 }).success,
    ).toBe(false);
  });

  it("rejects unknown methods, cadences and hours", () => {
    expect(
      messages(
        OnboardingReminderSchema.safeParse({
          ...validReminder,
          reminderMethod: "pigeon",
          reminderCadence: "months",
          reminderTime: "24",
        }),
      ),
    ).toEqual({
      reminderMethod: "Please select a reminder method",
      reminderCadence: "Please select how often to receive reminders",
      reminderTime: "Please select a reminder time",
    });
  });

  it("accepts only real IANA time zones, in canonical spelling", () => {
    expect(
      OnboardingReminderSchema.parse({ ...validReminder, timezone: "america/new_york" }).timezone,
    ).toBe("America/New_York");
    for (const timezone of ["Mars/Olympus", "+05:30", "", "Europe/"]) {
      expect(messages(OnboardingReminderSchema.safeParse({ ...validReminder, timezone }))).toEqual({
        timezone: "Please select a valid time zone",
      });
    }
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
  });
});

describe("step 3: phone", () => {
  it("is optional", () => {
    expect(OnboardingPhoneSchema.safeParse({ phone: "" }).success).toBe(true);
  });

  it("keeps only digits and prefixes the one country code offered", () => {
    expect(toInternationalPhone("(555) 123-4567")).toBe("+15551234567");
    expect(toInternationalPhone("+1 555 123 4567")).toBe("+15551234567");
    expect(OnboardingPhoneSchema.safeParse({ phone: "(555) 123-4567" }).success).toBe(true);
  });

  it("respects a typed country code: another one is refused with a clear message, not rewritten", () => {
    expect(toInternationalPhone("+44 7700 900123")).toBe("+447700900123");
    expect(toInternationalPhone("+1 447 700 9001")).toBe("+14477009001");
    expect(messages(OnboardingPhoneSchema.safeParse({ phone: "+44 7700 900123" }))).toEqual({
      phone:
        "Only United States and Canada (+1) numbers can be added for now. Enter a +1 number, or leave it empty.",
    });
    expect(OnboardingPhoneSchema.safeParse({ phone: "+1 415 555 0123" }).success).toBe(true);
    expect(keepPhoneCharacters("+44 7700 900123")).toBe("+447700900123");
    expect(keepPhoneCharacters("(415) 555-0123")).toBe("4155550123");
  });

  it("rejects numbers that do not fit the international format", () => {
    expect(messages(OnboardingPhoneSchema.safeParse({ phone: "1234567890123456" }))).toEqual({
      phone: "Please enter a valid phone number",
    });
    expect(messages(OnboardingPhoneSchema.safeParse({ phone: "abc" }))).toEqual({});
  });
});

describe("API contract", () => {
  const base = { firstName: "Ada", lastName: "Lovelace", ...validReminder };

  it("validates a full phone number and treats empty as none", () => {
    expect(
      OnboardingCompleteSchema.parse({ ...base, phoneNumber: "+1 (555) 123-4567" }).phoneNumber,
    ).toBe("+15551234567");
    expect(OnboardingCompleteSchema.parse({ ...base, phoneNumber: "" }).phoneNumber).toBeNull();
    expect(OnboardingCompleteSchema.parse(base).phoneNumber).toBeUndefined();
    expect(messages(OnboardingCompleteSchema.safeParse({ ...base, phoneNumber: "+0123" }))).toEqual(
      {
        phoneNumber: "Please enter a valid phone number",
      },
    );
  });

  it("the browser form uses the same step rules", () => {
    const result = OnboardingFormSchema.safeParse({ ...base, firstName: "", phone: "12" });
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual({ firstName: "First name is required" });
  });
});

describe("text-message rule", () => {
  it("allows text for +1 numbers or when no phone is given", () => {
    expect(isTextAllowed(null)).toBe(true);
    expect(isTextAllowed("")).toBe(true);
    expect(isTextAllowed("+15551234567")).toBe(true);
    expect(isTextAllowed("+447700900123")).toBe(false);
  });

  it("forces email for other numbers", () => {
    expect(resolveReminderMethod("text", "+447700900123")).toBe("email");
    expect(resolveReminderMethod("text", "+15551234567")).toBe("text");
    expect(resolveReminderMethod("text", null)).toBe("text");
    expect(resolveReminderMethod("email", "+15551234567")).toBe("email");
  });
});

describe("reminder time choices", () => {
  it("offers the 24 hours of the day", () => {
    expect(REMINDER_HOURS).toEqual(Array.from({ length: 24 }, (_, h) => h));
  });

  it("falls back to 9 for invalid values", () => {
    for (const value of ["24", "-1", "abc", "", null, undefined, 9.5, "9:30"]) {
      expect(parseReminderHour(value)).toBe(9);
    }
    expect(parseReminderHour("0")).toBe(0);
    expect(parseReminderHour("17")).toBe(17);
    expect(parseReminderHour("07:00:00")).toBe(7);
    expect(parseReminderHour(23)).toBe(23);
  });

  it("stores the hour as HH:MM:SS", () => {
    expect(reminderHourToTime(9)).toBe("09:00:00");
    expect(reminderHourToTime(21)).toBe("21:00:00");
    expect(normalizeReminderTime("7")).toBe("07:00:00");
    expect(normalizeReminderTime("7:30")).toBe("07:30:00");
    expect(normalizeReminderTime("19:05:00")).toBe("19:05:00");
  });
});

describe("initialStep", () => {
  it("must be a number of at least 1", () => {
    expect(parseInitialStep(null)).toBe(1);
    expect(parseInitialStep("0")).toBe(1);
    expect(parseInitialStep("-2")).toBe(1);
    expect(parseInitialStep("two")).toBe(1);
    expect(parseInitialStep("1.5")).toBe(1);
    expect(parseInitialStep("2")).toBe(2);
    expect(parseInitialStep("3")).toBe(3);
    expect(parseInitialStep("9")).toBe(3);
  });
});
