import { describe, expect, it } from "vitest";
import { describeReminderSchedule } from "./settings";
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
    expect(describeReminderSchedule({ frequency: 1, cadence: "days", time: "9:00 AM" })).toBe(
      "Every day at 9:00 AM",
    );
    expect(describeReminderSchedule({ frequency: 2, cadence: "weeks", time: "18:00" })).toBe(
      "Every 2 weeks at 18:00",
    );
    expect(describeReminderSchedule({ frequency: 3, cadence: "as_needed", time: "12:00 AM" })).toBe(
      "As needed, checked at 12:00 AM",
    );
  });
});
