import { describe, expect, it } from "vitest";
import { describeReminderSchedule, formatInTimeZone } from "./settings";
import { ReminderSettingsInputSchema } from "./settings-schemas";

describe("reminder settings input", () => {
  it("uses onboarding's step 2 messages", () => {
    const result = ReminderSettingsInputSchema.safeParse({
      reminderMethod: "pigeon",
      reminderFrequency: 0,
      reminderCadence: "months",
      reminderTime: "24",
      timezone: "+05:30",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({
      reminderMethod: "Please select a reminder method",
      reminderFrequency: "Frequency must be at least 1",
      reminderCadence: "Please select how often to receive reminders",
      reminderTime: "Please select a reminder time",
      timezone: "Please select a valid time zone",
    });
  });
});

describe("describeReminderSchedule", () => {
  it("says how often and when", () => {
    expect(describeReminderSchedule({ frequency: 1, cadence: "days", hour: 9 })).toBe(
      "Every day at 9:00 AM",
    );
    expect(describeReminderSchedule({ frequency: 2, cadence: "weeks", hour: 18 })).toBe(
      "Every 2 weeks at 6:00 PM",
    );
    expect(describeReminderSchedule({ frequency: 3, cadence: "as_needed", hour: 0 })).toBe(
      "As needed, checked at 12:00 AM",
    );
  });
});

describe("formatInTimeZone", () => {
  it("shows the instant on the wall clock of the given zone", () => {
    // 13:00 UTC on 8 March 2026 is 9:00 in New York (EDT began that night) and 18:30 in Kolkata.
    expect(formatInTimeZone("2026-03-08T13:00:00.000Z", "America/New_York")).toBe(
      "Sunday, March 8, 2026 at 9:00 AM EDT",
    );
    expect(formatInTimeZone("2026-03-08T13:00:00.000Z", "Asia/Kolkata")).toMatch(
      /^Sunday, March 8, 2026 at 6:30 PM (GMT\+5:30|IST)$/,
    );
  });

  it("has a short form for lists, on the same wall clock", () => {
    expect(formatInTimeZone("2026-03-08T13:00:00.000Z", "America/New_York", "short")).toBe(
      "Mar 8, 2026, 9:00 AM EDT",
    );
    expect(formatInTimeZone("2026-03-08T04:30:00.000Z", "America/Los_Angeles", "short")).toBe(
      "Mar 7, 2026, 8:30 PM PST",
    );
  });

  it("falls back to ISO text for an unknown zone and to nothing for a bad instant", () => {
    expect(formatInTimeZone("2026-03-08T13:00:00.000Z", "Mars/Olympus")).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    expect(formatInTimeZone("not a date", "UTC")).toBe("");
  });
});
