import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  computeNextRun,
  formatReminderHour,
  isTextAllowed,
  OnboardingCompleteSchema,
  OnboardingFormSchema,
  OnboardingNamesSchema,
  OnboardingPhoneSchema,
  OnboardingReminderSchema,
  parseInitialStep,
  parseReminderHour,
  REMINDER_TIME_CHOICES,
  reminderHourToTime,
  resolveReminderMethod,
  toInternationalPhone,
} from "./onboarding";
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
  it("offers the 24 hours as 12-hour times", () => {
    expect(REMINDER_TIME_CHOICES).toHaveLength(24);
    expect(REMINDER_TIME_CHOICES[0]).toEqual({ value: "0", label: "12:00 AM" });
    expect(REMINDER_TIME_CHOICES[9]).toEqual({ value: "9", label: "9:00 AM" });
    expect(REMINDER_TIME_CHOICES[12]).toEqual({ value: "12", label: "12:00 PM" });
    expect(REMINDER_TIME_CHOICES[23]).toEqual({ value: "23", label: "11:00 PM" });
    expect(formatReminderHour(13)).toBe("1:00 PM");
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

describe("next run of the first reminder", () => {
  const at = (iso: string) => new Date(iso);
  const run = (now: string, hour: number, timeZone: string) =>
    computeNextRun({ now: at(now), hour, timeZone }).toISOString();

  it("is today at the chosen hour when that is still ahead, otherwise tomorrow (UTC)", () => {
    expect(run("2026-05-10T08:59:59Z", 9, "UTC")).toBe("2026-05-10T09:00:00.000Z");
    expect(run("2026-05-10T09:00:00Z", 9, "UTC")).toBe("2026-05-11T09:00:00.000Z");
    expect(run("2026-05-10T23:30:00Z", 0, "UTC")).toBe("2026-05-11T00:00:00.000Z");
    expect(run("2026-12-31T10:00:00Z", 9, "UTC")).toBe("2027-01-01T09:00:00.000Z");
  });

  it("uses the day as it is in the chosen zone, not on the server", () => {
    // 20:00 UTC on 10 May is already 01:30 on 11 May in Kolkata (+05:30).
    expect(run("2026-05-10T20:00:00Z", 9, "Asia/Kolkata")).toBe("2026-05-11T03:30:00.000Z");
    expect(run("2026-05-10T02:00:00Z", 9, "Asia/Kolkata")).toBe("2026-05-10T03:30:00.000Z");
    // Auckland is 12 h ahead in May (NZST): 22:00 UTC on 10 May is 10:00 on 11 May there.
    expect(run("2026-05-10T22:00:00Z", 9, "Pacific/Auckland")).toBe("2026-05-11T21:00:00.000Z");
  });

  it("crosses the spring-forward change in New York (8 March 2026)", () => {
    // Saturday 7 March 10:00 EST: 9:00 has passed, so Sunday 9:00, which is EDT (-4).
    expect(run("2026-03-07T15:00:00Z", 9, "America/New_York")).toBe("2026-03-08T13:00:00.000Z");
    // 2:00 does not exist that night: it becomes 3:00 EDT.
    expect(run("2026-03-08T05:00:00Z", 2, "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("crosses the fall-back change in New York (1 November 2026)", () => {
    // Saturday 31 October 10:00 EDT: next 9:00 is Sunday, in EST (-5).
    expect(run("2026-10-31T14:00:00Z", 9, "America/New_York")).toBe("2026-11-01T14:00:00.000Z");
    // 1:00 happens twice: the first one (EDT) is used.
    expect(run("2026-11-01T04:30:00Z", 1, "America/New_York")).toBe("2026-11-01T05:00:00.000Z");
  });

  it("crosses Auckland's daylight-saving start (27 September 2026)", () => {
    // 26 Sep 10:00 NZST (UTC+12) → 27 Sep 9:00 NZDT (UTC+13).
    expect(run("2026-09-25T22:00:00Z", 9, "Pacific/Auckland")).toBe("2026-09-26T20:00:00.000Z");
  });
});
