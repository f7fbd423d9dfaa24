import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeReminder,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { useAppWithSmtp } from "../../../../tests/helpers/smtp-app";
import { build, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { startTwilioFake } from "../../../../tests/helpers/twilio-fake";
import {
  notifications,
  userNotifications,
  userReminders,
  userSettings,
  users,
} from "../../db/schema/index";

async function alertsOf(t: TestApp, userId: string) {
  return t.app.db
    .select({ title: notifications.title, type: notifications.type })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(and(eq(userNotifications.userId, userId), eq(notifications.type, "SYSTEM_ALERT")));
}

async function settingsOf(t: TestApp, userId: string) {
  const [row] = await t.app.db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row!;
}

describe("reminder mail when the mail server fails", () => {
  const ctx = useAppWithSmtp();

  it("a 10-minute outage: every digest arrives after recovery, none twice, no reminder deleted", async () => {
    setNow(ctx.t.app, "2026-03-01T05:00:00Z");
    const people = await Promise.all(
      Array.from({ length: 8 }, () =>
        createReminderUser(ctx.t.app, { timezone: "UTC", reminderTime: "6" }),
      ),
    );
    ctx.smtp.received.length = 0;
    ctx.smtp.state.refuseWith = 421; // "service not available, try again later"
    const start = Date.parse("2026-03-01T06:00:01Z");
    for (let minute = 0; minute <= 10; minute++) {
      setNow(ctx.t.app, new Date(start + minute * 60_000));
      await runJobs(ctx.t.app);
    }
    expect(ctx.smtp.received).toHaveLength(0);
    for (const { user } of people) {
      const [delivery] = await deliveriesOf(ctx.t.app, user.id);
      expect(delivery).toMatchObject({ status: "queued" });
      expect(delivery!.reason).toMatch(
        /^The mail server asked us to try again later \(421\)\. Trying again/,
      );
    }
    ctx.smtp.state.refuseWith = null;
    // Backoff after 4–5 tries is at most 8 minutes: within 15 minutes everything is through.
    for (let minute = 11; minute <= 26; minute++) {
      setNow(ctx.t.app, new Date(start + minute * 60_000));
      await runJobs(ctx.t.app);
    }
    const ids = ctx.smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(people.length);
    expect(new Set(ids).size).toBe(people.length);
    for (const { user } of people) {
      expect((await deliveriesOf(ctx.t.app, user.id)).map((d) => d.status)).toEqual(["sent"]);
      expect((await activeReminder(ctx.t.app, user.id)).isActive).toBe(true);
    }
    const schedules = await ctx.t.app.db.select().from(userReminders);
    expect(schedules.filter((r) => r.isActive).length).toBeGreaterThanOrEqual(people.length);
  });

  it("a hard bounce pauses mail to that address, tells the user, and resumes once confirmed", async () => {
    setNow(ctx.t.app, "2026-04-01T05:00:00Z");
    const { user } = await createReminderUser(ctx.t.app, { timezone: "UTC", reminderTime: "6" });
    ctx.smtp.state.bouncing.add(user.email);
    setNow(ctx.t.app, "2026-04-01T06:00:01Z");
    await runJobs(ctx.t.app);
    let [delivery] = await deliveriesOf(ctx.t.app, user.id);
    expect(delivery).toMatchObject({ status: "failed" });
    expect(delivery!.reason).toMatch(/^The mail server refused the message \(550\)/);
    expect((await settingsOf(ctx.t, user.id)).emailBouncedAddress).toBe(user.email);
    expect(await alertsOf(ctx.t, user.id)).toEqual([
      { title: "Reminder emails are paused", type: "SYSTEM_ALERT" },
    ]);
    const channels = await injectAs(ctx.t.app, user, { url: "/api/reminders/channels" });
    expect(channels.json()).toMatchObject({ emailBouncedAddress: user.email });

    // The next day nothing is sent to the bounced address; the schedule is kept.
    setNow(ctx.t.app, "2026-04-02T06:00:01Z");
    await runJobs(ctx.t.app);
    const log = await deliveriesOf(ctx.t.app, user.id);
    expect(log.map((d) => d.status)).toEqual(["failed", "skipped"]);
    expect(log[1]!.reason).toMatch(/bounced/);
    expect((await activeReminder(ctx.t.app, user.id)).isActive).toBe(true);

    // The user confirms the address (the mailbox works again): reminders resume.
    ctx.smtp.state.bouncing.delete(user.email);
    await injectAs(ctx.t.app, user, { method: "POST", url: "/api/reminders/email/resume" });
    setNow(ctx.t.app, "2026-04-03T06:00:01Z");
    await runJobs(ctx.t.app);
    [delivery] = (await deliveriesOf(ctx.t.app, user.id)).slice(-1);
    expect(delivery).toMatchObject({ status: "sent" });
  });
});

describe("text reminders through Twilio", () => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  beforeAll(async () => {
    twilio = await startTwilioFake();
    t = await build(twilio.env);
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  async function textUser(phone: string) {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, {
      timezone: "UTC",
      reminderTime: "6",
      reminderMethod: "text",
    });
    await t.app.db
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: true })
      .where(eq(users.id, user.id));
    return user;
  }

  it("sends the digest as one short text to a verified +1 number", async () => {
    twilio.state.respondWith = null;
    const user = await textUser("+14155550111");
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    expect(twilio.messages.filter((m) => m.to === "+14155550111")).toEqual([
      {
        to: "+14155550111",
        from: "+15005550006",
        body: "Tend: nobody is due today. http://localhost:3000/app/rhythms",
      },
    ]);
    expect((await deliveriesOf(t.app, user.id))[0]).toMatchObject({
      status: "sent",
      channel: "sms",
    });
  });

  it("retries a 5xx and delivers once the provider is back", async () => {
    const user = await textUser("+14155550122");
    twilio.state.respondWith = 503;
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    let [delivery] = await deliveriesOf(t.app, user.id);
    expect(delivery).toMatchObject({ status: "queued", attempts: 1 });
    expect(delivery!.reason).toMatch(/^The SMS provider asked us to try again later \(503\)/);
    twilio.state.respondWith = null;
    setNow(t.app, "2026-05-01T06:01:00Z");
    await runJobs(t.app);
    [delivery] = await deliveriesOf(t.app, user.id);
    expect(delivery).toMatchObject({ status: "sent", attempts: 2 });
    expect(twilio.messages.filter((m) => m.to === "+14155550122")).toHaveLength(1);
  });

  it("a 4xx is permanent: no retry; after 24 h of failures texts pause and fall back to email", async () => {
    const user = await textUser("+14155550133");
    twilio.state.respondWith = 400;
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    const [first] = await deliveriesOf(t.app, user.id);
    expect(first).toMatchObject({ status: "failed", attempts: 1 });
    expect(first!.reason).toMatch(/^The SMS provider refused the message \(400\)/);
    setNow(t.app, "2026-05-01T07:00:00Z");
    await runJobs(t.app);
    expect((await deliveriesOf(t.app, user.id))[0]!.attempts).toBe(1);
    expect((await settingsOf(t, user.id)).smsSuspendedAt).toBeNull();

    setNow(t.app, "2026-05-02T06:00:01Z"); // a day of continuous failure
    await runJobs(t.app);
    expect((await settingsOf(t, user.id)).smsSuspendedAt).not.toBeNull();
    expect(await alertsOf(t, user.id)).toEqual([
      { title: "Text reminders are paused", type: "SYSTEM_ALERT" },
    ]);

    setNow(t.app, "2026-05-03T06:00:01Z");
    await runJobs(t.app);
    const third = (await deliveriesOf(t.app, user.id))[2]!;
    expect(third).toMatchObject({ channel: "email", status: "sent" });
    expect(third.reason).toMatch(/text reminders are paused/);
    expect((await activeReminder(t.app, user.id)).isActive).toBe(true);
  });
});
