import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import { outbox, profiles, userReminders, userSettings, users } from "../../db/schema/index";

const valid = {
  firstName: "  Ada ",
  lastName: " Lovelace",
  timezone: "America/New_York",
  reminderMethod: "email",
  reminderFrequency: 2,
  reminderCadence: "weeks",
  reminderTime: "9",
};

describe("onboarding API", () => {
  let t: TestApp;
  // A real billing provider, so a user without a subscription proves the route is not paid-only.
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local" });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.app.clock.offsetMs = 0;
  });

  function setNow(iso: string) {
    t.app.clock.offsetMs = new Date(iso).getTime() - Date.now();
  }

  async function reminderRows(userId: string) {
    return t.app.db.select().from(userReminders).where(eq(userReminders.userId, userId));
  }

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/onboarding/complete",
      headers: { origin: TEST_APP_URL },
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/onboarding" })).statusCode).toBe(401);
  });

  it("prefills the spec's defaults for a new user", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, { url: "/api/onboarding" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: user.email,
      emailVerified: true,
      onboardingCompleted: false,
      firstName: "",
      lastName: "",
      reminderMethod: "email",
      reminderFrequency: 1,
      reminderCadence: "days",
      reminderTime: "9",
      timezone: "UTC",
      phoneNumber: null,
    });
  });

  it("answers each invalid field with the spec's message and writes nothing", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: {
        firstName: " ",
        lastName: "",
        timezone: "Mars/Olympus",
        reminderMethod: "fax",
        reminderFrequency: 0,
        reminderCadence: "",
        reminderTime: "25",
        phoneNumber: "+0123",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      timezone: "Please select a valid time zone",
      reminderMethod: "Please select a reminder method",
      reminderFrequency: "Frequency must be at least 1",
      reminderCadence: "Please select how often to receive reminders",
      reminderTime: "Please select a reminder time",
      phoneNumber: "Please enter a valid phone number",
    });
    const [settings] = await t.app.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, user.id));
    expect(settings?.onboardingCompleted).toBe(false);
    expect(await reminderRows(user.id)).toEqual([]);
  });

  it("saves profile, settings and the active reminder in one go", async () => {
    const user = await createUser(t.app);
    // Saturday 7 March 2026, 10:00 in New York: 9:00 has passed, so Sunday 9:00 EDT (DST began).
    setNow("2026-03-07T15:00:00Z");
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: valid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      onboardingCompleted: true,
      phoneNumber: null,
      smsVerificationSent: false,
      reminder: {
        reminderMethod: "email",
        reminderFrequency: 2,
        reminderCadence: "weeks",
        reminderTime: "09:00:00",
        timezone: "America/New_York",
        nextScheduledAt: "2026-03-08T13:00:00.000Z",
      },
    });
    const [profile] = await t.app.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe("Ada Lovelace");
    const [settings] = await t.app.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, user.id));
    expect(settings).toMatchObject({
      onboardingCompleted: true,
      timezone: "America/New_York",
      reminderMethod: "email",
      reminderFrequency: 2,
      reminderCadence: "weeks",
      reminderTime: "09:00:00",
    });
    const reminders = await reminderRows(user.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ isActive: true, reminderTime: "09:00:00" });
    expect(reminders[0]?.nextScheduledAt?.toISOString()).toBe("2026-03-08T13:00:00.000Z");

    const me = await injectAs(t.app, user, { url: "/api/me" });
    expect(me.json().settings.onboardingCompleted).toBe(true);
  });

  it("schedules today when the hour is still ahead in the chosen zone", async () => {
    const user = await createUser(t.app);
    setNow("2026-05-10T02:00:00Z"); // 07:30 in Kolkata
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: { ...valid, timezone: "Asia/Kolkata", reminderTime: "9" },
    });
    expect(res.json().reminder.nextScheduledAt).toBe("2026-05-10T03:30:00.000Z");
  });

  it("keeps one active reminder when onboarding runs again", async () => {
    const user = await createUser(t.app);
    const send = (reminderTime: string) =>
      injectAs(t.app, user, {
        method: "POST",
        url: "/api/onboarding/complete",
        payload: { ...valid, timezone: "UTC", reminderTime },
      });
    expect((await send("8")).statusCode).toBe(200);
    expect((await send("20")).statusCode).toBe(200);
    const reminders = await reminderRows(user.id);
    expect(reminders).toHaveLength(2);
    const active = reminders.filter((r) => r.isActive);
    expect(active).toHaveLength(1);
    expect(active[0]?.reminderTime).toBe("20:00:00");
    const state = await injectAs(t.app, user, { url: "/api/onboarding" });
    expect(state.json()).toMatchObject({
      firstName: "Ada",
      reminderTime: "20",
      onboardingCompleted: true,
    });
  });

  it("keeps the running schedule when onboarding is completed again with the same answers", async () => {
    const user = await createUser(t.app);
    const send = (payload: Partial<typeof valid>) =>
      injectAs(t.app, user, {
        method: "POST",
        url: "/api/onboarding/complete",
        payload: { ...valid, reminderFrequency: 3, reminderCadence: "days", ...payload },
      });
    setNow("2026-05-10T12:00:00Z"); // 08:00 in New York
    expect((await send({})).json().reminder.nextScheduledAt).toBe("2026-05-10T13:00:00.000Z");
    // The first reminder went out; the next is three days on.
    await t.app.db
      .update(userReminders)
      .set({ nextScheduledAt: new Date("2026-05-13T13:00:00Z") })
      .where(eq(userReminders.userId, user.id));

    setNow("2026-05-11T23:00:00Z");
    const again = await send({ lastName: "King" });
    expect(again.statusCode).toBe(200);
    expect(again.json().reminder.nextScheduledAt).toBe("2026-05-13T13:00:00.000Z");
    const rows = await reminderRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isActive: true, anchorDate: "2026-05-10" });

    // A changed answer starts a new schedule from now.
    const changed = await send({ reminderTime: "10" });
    expect(changed.json().reminder.nextScheduledAt).toBe("2026-05-12T14:00:00.000Z");
    expect((await reminderRows(user.id)).filter((r) => r.isActive)).toHaveLength(1);
  });

  it("saves the phone and starts SMS verification through the dev outbox", async () => {
    const user = await createUser(t.app);
    const phoneNumber = "+1 (415) 555-0101";
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: { ...valid, reminderMethod: "text", phoneNumber },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phoneNumber: "+14155550101",
      smsVerificationSent: true,
      reminder: { reminderMethod: "text" },
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ phoneNumber: "+14155550101", phoneNumberVerified: false });
    const sms = await t.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.channel, "sms"), eq(outbox.to, "+14155550101"), eq(outbox.kind, "phone-otp")),
      );
    expect(sms).toHaveLength(1);
    expect(sms[0]?.status).not.toBe("failed");
    expect(sms[0]?.text).toMatch(/^\d{6} is your Tend verification code\.$/);
  });

  it("forces email reminders for numbers outside +1", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: { ...valid, reminderMethod: "text", phoneNumber: "+447700900123" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reminder.reminderMethod).toBe("email");
    const [settings] = await t.app.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, user.id));
    expect(settings?.reminderMethod).toBe("email");
  });

  it("answers a phone number another account uses like a free one, keeping it aside", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const phoneNumber = "+14155550199";
    await injectAs(t.app, owner, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: { ...valid, phoneNumber },
    });
    const res = await injectAs(t.app, other, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: { ...valid, firstName: "Grace", phoneNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phoneNumber, smsVerificationSent: true });
    const [ownerRow] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow?.phoneNumber).toBe(phoneNumber);
    const [otherRow] = await t.app.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow?.phoneNumber).toBeNull();
  });

  it("clears the phone when the step is skipped, and does not resend to a verified number", async () => {
    const user = await createUser(t.app);
    const phoneNumber = "+14155550123";
    const complete = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "POST", url: "/api/onboarding/complete", payload });
    await complete({ ...valid, phoneNumber });
    await t.app.db.update(users).set({ phoneNumberVerified: true }).where(eq(users.id, user.id));
    const again = await complete({ ...valid, phoneNumber });
    expect(again.json().smsVerificationSent).toBe(false);
    const skipped = await complete({ ...valid, phoneNumber: null });
    expect(skipped.json()).toMatchObject({ phoneNumber: null, smsVerificationSent: false });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phoneNumber).toBeNull();
  });
});

describe("onboarding API with rate limits on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RATE_LIMIT_ENABLED: "true" });
  });
  afterAll(async () => t.close());

  it("limits completions (each may text a code) to 10 a minute", async () => {
    const user = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/onboarding/complete",
        payload: { ...valid, firstName: "" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
