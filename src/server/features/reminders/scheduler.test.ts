import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeReminder,
  addDueContact,
  createReminderUser,
  deliveriesOf,
  digestsTo,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import {
  notifications,
  reminderDeliveries,
  userNotifications,
  userSettings,
  users,
} from "../../db/schema/index";
import { runScheduler } from "./scheduler";

describe("the reminder scheduler", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("sends one digest at the chosen local hour, with the people who are due and one-tap links", async () => {
    setNow(t.app, "2026-03-27T10:00:00Z"); // Friday 11:00 in Berlin (CET)
    const { user, nextScheduledAt } = await createReminderUser(t.app, { reminderTime: "9" });
    expect(nextScheduledAt).toBe("2026-03-28T08:00:00.000Z"); // Saturday 09:00 CET
    const ada = await addDueContact(t.app, user, { notes: null });
    // A call later on the day she was last seen: the digest shows it as the last touch.
    const call = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${ada.id}/interactions`,
      payload: { occurredAt: "2026-03-17T18:00:00Z", channel: "phone", note: "Talked engines" },
    });
    expect(call.statusCode, call.body).toBe(201);

    setNow(t.app, "2026-03-28T07:59:00Z");
    expect((await runJobs(t.app)).claimed).toBe(0);
    setNow(t.app, "2026-03-28T08:00:30Z");
    expect((await runJobs(t.app)).queued).toBe(1);

    const [digest] = await digestsTo(t.app, user.email);
    expect(digest).toMatchObject({ status: "sent", kind: "reminder-digest", channel: "email" });
    expect(digest!.subject).toBe("Ada Lovelace is due");
    expect(digest!.text).toContain("Ada Lovelace: overdue by 4 days");
    expect(digest!.text).toContain("Last in touch 11 days ago (Phone call)");
    expect(digest!.text).toContain('Last note: "Talked engines"');
    expect(digest!.text).toMatch(/Mark contacted: http:\/\/localhost:3000\/r\/\S+/);
    expect(digest!.text).toMatch(/Snooze 1 week: http:\/\/localhost:3000\/r\/\S+/);
    expect(digest!.text).toContain("Email: mailto:ada@example.com");
    expect(digest!.html).toContain("Stop reminder emails");
    expect(digest!.html).toContain("Change how often");
    expect(digest!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(digest!.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/\S+>, <mailto:/,
    );
    expect(digest!.headers["Auto-Submitted"]).toBe("auto-generated");

    const [delivery] = await deliveriesOf(t.app, user.id);
    expect(delivery).toMatchObject({ status: "sent", channel: "email", contactCount: 1 });
    expect(delivery!.scheduledFor.toISOString()).toBe("2026-03-28T08:00:00.000Z");

    // The same REMINDER as an in-app notification.
    const inApp = await t.app.db
      .select({ type: notifications.type, title: notifications.title, link: notifications.link })
      .from(userNotifications)
      .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
      .where(eq(userNotifications.userId, user.id));
    expect(inApp).toEqual([{ type: "REMINDER", title: "1 person is due", link: "/app/rhythms" }]);

    // The next run is Sunday 09:00 local, across the switch to summer time (07:00Z, not 08:00Z).
    expect((await activeReminder(t.app, user.id)).nextScheduledAt?.toISOString()).toBe(
      "2026-03-29T07:00:00.000Z",
    );
    // A second pass over the same slot sends nothing more.
    expect((await runJobs(t.app)).queued).toBe(0);
    expect(await deliveriesOf(t.app, user.id)).toHaveLength(1);
  });

  it("never sends one occurrence twice when passes run at the same time", async () => {
    setNow(t.app, "2026-05-01T06:00:00Z");
    const users = await Promise.all(
      Array.from({ length: 5 }, () =>
        createReminderUser(t.app, { timezone: "UTC", reminderTime: "7" }),
      ),
    );
    setNow(t.app, "2026-05-01T07:00:05Z");
    const deps = { db: t.app.db, env: t.app.env, now: () => t.app.clock.now(), log: t.app.log };
    const results = await Promise.all([runScheduler(deps), runScheduler(deps), runScheduler(deps)]);
    const slot = new Date("2026-05-01T07:00:00Z");
    const written = await t.app.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.scheduledFor, slot));
    // Every schedule due at that instant (ours and earlier tests' users) got exactly one delivery.
    expect(new Set(written.map((d) => d.userId)).size).toBe(written.length);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(written.length);
    for (const { user } of users) expect(await deliveriesOf(t.app, user.id)).toHaveLength(1);
  });

  it("every N days and weeks: runs on the rule's days only", async () => {
    setNow(t.app, "2026-06-01T12:00:00Z");
    const { user } = await createReminderUser(t.app, {
      timezone: "America/New_York",
      reminderTime: "18",
      reminderCadence: "days",
      reminderFrequency: 3,
    });
    const sent: string[] = [];
    for (let day = 1; day <= 10; day++) {
      setNow(t.app, `2026-06-${String(day).padStart(2, "0")}T23:30:00Z`); // 19:30 in New York
      await runJobs(t.app);
    }
    for (const d of await deliveriesOf(t.app, user.id)) sent.push(d.scheduledFor.toISOString());
    expect(sent).toEqual([
      "2026-06-01T22:00:00.000Z",
      "2026-06-04T22:00:00.000Z",
      "2026-06-07T22:00:00.000Z",
      "2026-06-10T22:00:00.000Z",
    ]);
  });

  it("as needed: checks daily, sends only when someone is due, and logs why it did not", async () => {
    setNow(t.app, "2026-07-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, {
      timezone: "UTC",
      reminderTime: "6",
      reminderCadence: "as_needed",
    });
    setNow(t.app, "2026-07-01T06:00:01Z");
    await runJobs(t.app);
    let [first] = await deliveriesOf(t.app, user.id);
    expect(first).toMatchObject({
      status: "skipped",
      reason: "Nobody was due, so no reminder was needed.",
    });
    expect(await digestsTo(t.app, user.email)).toHaveLength(0);

    await addDueContact(t.app, user);
    setNow(t.app, "2026-07-02T06:00:01Z");
    await runJobs(t.app);
    const all = await deliveriesOf(t.app, user.id);
    expect(all.map((d) => d.status)).toEqual(["skipped", "sent"]);
    expect(await digestsTo(t.app, user.email)).toHaveLength(1);
    [first] = all;
    expect(first!.scheduledFor.toISOString()).toBe("2026-07-01T06:00:00.000Z");
  });

  it("after downtime sends one digest for a slot under 12 hours late and logs older ones as skipped", async () => {
    setNow(t.app, "2026-08-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    setNow(t.app, "2026-08-04T09:00:00Z"); // down since before the first slot
    await runJobs(t.app);
    const all = await deliveriesOf(t.app, user.id);
    expect(all.map((d) => [d.scheduledFor.toISOString().slice(0, 10), d.status])).toEqual([
      ["2026-08-01", "skipped"],
      ["2026-08-02", "skipped"],
      ["2026-08-03", "skipped"],
      ["2026-08-04", "sent"],
    ]);
    expect(all[0]!.reason).toMatch(/not running/);
    expect(await digestsTo(t.app, user.email)).toHaveLength(1);
  });

  it("text reminders go by email, and say why, until a +1 number is verified", async () => {
    setNow(t.app, "2026-09-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, {
      timezone: "UTC",
      reminderTime: "6",
      reminderMethod: "text",
    });
    setNow(t.app, "2026-09-01T06:00:01Z");
    await runJobs(t.app);
    const [delivery] = await deliveriesOf(t.app, user.id);
    expect(delivery).toMatchObject({ channel: "email", status: "sent" });
    expect(delivery!.reason).toMatch(/^Sent by email: text reminders need a phone number/);

    await t.app.db
      .update(users)
      .set({ phoneNumber: "+14155550199", phoneNumberVerified: true })
      .where(eq(users.id, user.id));
    setNow(t.app, "2026-09-02T06:00:01Z");
    await runJobs(t.app);
    const texts = await digestsTo(t.app, "+14155550199");
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: "sms", status: "sent" });
    expect(texts[0]!.text).toBe(`Tend: nobody is due today. http://localhost:3000/app/rhythms`);
  });

  it("respects an unsubscribe: the slot is logged as skipped, the schedule stays", async () => {
    setNow(t.app, "2026-10-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await t.app.db
      .update(userSettings)
      .set({ emailRemindersEnabled: false })
      .where(eq(userSettings.userId, user.id));
    setNow(t.app, "2026-10-01T06:00:01Z");
    await runJobs(t.app);
    const [delivery] = await deliveriesOf(t.app, user.id);
    expect(delivery).toMatchObject({ status: "skipped" });
    expect(delivery!.reason).toMatch(/turned off/);
    expect((await activeReminder(t.app, user.id)).isActive).toBe(true);
  });

  it("lists the birthdays of the next 7 days, 29 February on the 28th in other years", async () => {
    setNow(t.app, "2027-02-25T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user, {
      firstName: "Leap",
      lastName: "Day",
      rhythm: null,
      lastContactedOn: null,
      birthday: { day: 29, month: 2, year: 1996 },
    });
    setNow(t.app, "2027-02-25T06:00:01Z");
    await runJobs(t.app);
    const [digest] = await digestsTo(t.app, user.email);
    expect(digest!.text).toContain("Birthdays this week:");
    expect(digest!.text).toContain("* Leap Day: Sunday, February 28 (turns 31)");
  });

  it("shows the delivery log to its owner only", async () => {
    setNow(t.app, "2026-11-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    const { user: other } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    setNow(t.app, "2026-11-01T06:00:01Z");
    await runJobs(t.app);
    const mine = await injectAs(t.app, user, { url: "/api/reminders/deliveries" });
    expect(mine.statusCode).toBe(200);
    const log = mine.json<{ deliveries: { status: string; isTest: boolean }[] }>().deliveries;
    expect(log).toEqual([
      expect.objectContaining({ status: "sent", isTest: false, channel: "email" }),
    ]);
    const theirs = await injectAs(t.app, other, { url: "/api/reminders/deliveries" });
    expect(
      theirs.json<{ deliveries: { id: string }[] }>().deliveries.map((d) => d.id),
    ).not.toContain((await deliveriesOf(t.app, user.id))[0]!.id);
    expect((await t.app.inject({ url: "/api/reminders/deliveries" })).statusCode).toBe(401);
  });

  it("sends a test digest now, marked as a test, and limits how often", async () => {
    setNow(t.app, "2026-12-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user);
    const res = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ isTest: true, contactCount: 1, channel: "email" });
    await t.app.outbox.drain();
    const [digest] = await digestsTo(t.app, user.email);
    expect(digest!.subject).toBe("[Test] Ada Lovelace is due");
    expect(digest!.text).toContain("This is a test reminder you asked for.");
    for (let i = 0; i < 4; i++) {
      expect(
        (await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" })).statusCode,
      ).toBe(200);
    }
    const limited = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/wait a few minutes/);
    // A test never takes the place of the scheduled occurrence.
    setNow(t.app, "2026-12-01T06:00:01Z");
    await runJobs(t.app);
    expect((await deliveriesOf(t.app, user.id)).filter((d) => !d.isTest)).toHaveLength(1);
  });
});
