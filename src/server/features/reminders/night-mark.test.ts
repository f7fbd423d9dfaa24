import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDueContact,
  createReminderUser,
  digestsTo,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, type TestApp } from "../../../../tests/helpers/test-app";

// Los Angeles: 23:00 there (PDT) when a 06:00 UTC digest goes out.
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

describe("the digest's night mark", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("marks night from the zone their place gives, and not for a contact set to no zone", async () => {
    setNow(t.app, "2026-04-10T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user, { firstName: "Grace", lastName: "Hopper", ...LOS_ANGELES });
    await addDueContact(t.app, user, {
      firstName: "Alan",
      lastName: "Turing",
      ...LOS_ANGELES,
      timeZone: null,
      isTimeZoneSetByHand: true,
    });
    setNow(t.app, "2026-04-10T06:00:01Z");
    await runJobs(t.app);
    const [digest] = await digestsTo(t.app, user.email);
    const lines = digest!.text.split("\n");
    expect(lines.find((l) => l.includes("Grace Hopper"))).toContain("night there (23:00)");
    const alan = lines.find((l) => l.includes("Alan Turing"));
    expect(alan).toBeDefined();
    expect(alan).not.toContain("night there");
  });
});
