import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { ReminderSettings } from "../../../core/settings";
import { userReminders, userSettings, users } from "../../db/schema/index";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";

const valid = {
  reminderMethod: "email",
  reminderFrequency: 2,
  reminderCadence: "weeks",
  reminderTime: "9",
  timezone: "America/New_York",
};

describe("reminder settings API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.app.clock.offsetMs = 0;
  });

  function setNow(iso: string) {
    t.app.clock.offsetMs = new Date(iso).getTime() - Date.now();
  }

  function save(user: TestUser, payload: Record<string, unknown>) {
    return injectAs(t.app, user, { method: "PATCH", url: "/api/settings/reminders", payload });
  }

  async function readSettings(userId: string) {
    const [row] = await t.app.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row;
  }

  async function reminderRows(userId: string) {
    return t.app.db.select().from(userReminders).where(eq(userReminders.userId, userId));
  }

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ url: "/api/settings/reminders" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/reminders",
      headers: { origin: TEST_APP_URL },
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
  });

  it("reads the spec's defaults, creating the settings row when it is missing", async () => {
    const user = await createUser(t.app);
    await t.app.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const res = await injectAs(t.app, user, { url: "/api/settings/reminders" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reminderMethod: "email",
      reminderFrequency: 1,
      reminderCadence: "days",
      reminderTime: "9",
      timezone: "UTC",
      nextScheduledAt: null,
    });
    expect(await readSettings(user.id)).toMatchObject({ reminderTime: "09:00:00" });
  });

  it("answers each invalid field with the spec's message and writes nothing", async () => {
    const user = await createUser(t.app);
    const res = await save(user, {
      reminderMethod: "fax",
      reminderFrequency: 0,
      reminderCadence: "monthly",
      reminderTime: "25",
      timezone: "+05:30",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      reminderMethod: "Please select a reminder method",
      reminderFrequency: "Frequency must be at least 1",
      reminderCadence: "Please select how often to receive reminders",
      reminderTime: "Please select a reminder time",
      timezone: "Please select a valid time zone",
    });
    const tooMany = await save(user, { ...valid, reminderFrequency: 366 });
    expect(tooMany.json().error.fields).toEqual({
      reminderFrequency: "Frequency can be at most 365",
    });
    const missing = await save(user, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      "reminderCadence",
      "reminderFrequency",
      "reminderMethod",
      "reminderTime",
      "timezone",
    ]);
    expect(await readSettings(user.id)).toMatchObject({
      reminderFrequency: 1,
      reminderCadence: "days",
      timezone: "UTC",
    });
    expect(await reminderRows(user.id)).toEqual([]);
  });

  it("saves the settings and replaces the active reminder with the next run in the new zone", async () => {
    const user = await createUser(t.app);
    setNow("2026-03-07T15:00:00Z");
    const first = await save(user, { ...valid, timezone: "UTC", reminderTime: "20" });
    expect(first.json().nextScheduledAt).toBe("2026-03-07T20:00:00.000Z"); // today, still ahead

    // Saturday 10:00 in New York: 9:00 has passed, so Sunday 9:00, which is EDT (DST began).
    const res = await save(user, valid);
    expect(res.statusCode).toBe(200);
    const expected: ReminderSettings = {
      reminderMethod: "email",
      reminderFrequency: 2,
      reminderCadence: "weeks",
      reminderTime: "9",
      timezone: "America/New_York",
      nextScheduledAt: "2026-03-08T13:00:00.000Z",
    };
    expect(res.json()).toEqual(expected);
    expect(await readSettings(user.id)).toMatchObject({
      reminderMethod: "email",
      reminderFrequency: 2,
      reminderCadence: "weeks",
      reminderTime: "09:00:00",
      timezone: "America/New_York",
    });
    const rows = await reminderRows(user.id);
    expect(rows).toHaveLength(2);
    const active = rows.filter((r) => r.isActive);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({
      reminderTime: "09:00:00",
      timezone: "America/New_York",
      reminderCadence: "weeks",
      reminderFrequency: 2,
    });
    expect(active[0]?.nextScheduledAt?.toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(rows.find((r) => !r.isActive)?.reminderTime).toBe("20:00:00");

    const read = await injectAs(t.app, user, { url: "/api/settings/reminders" });
    expect(read.json()).toEqual(expected);
    const me = await injectAs(t.app, user, { url: "/api/me" });
    expect(me.json().settings).toMatchObject({
      timezone: "America/New_York",
      reminderTime: "09:00:00",
    });
  });

  it("stamps updatedAt on every save (Drizzle's $onUpdate), and on the old reminder it replaces", async () => {
    const user = await createUser(t.app);
    await save(user, valid);
    const before = (await readSettings(user.id))!.updatedAt;
    const [oldReminder] = (await reminderRows(user.id)).filter((r) => r.isActive);
    await new Promise((r) => setTimeout(r, 20));
    await save(user, { ...valid, reminderTime: "10" });
    expect((await readSettings(user.id))!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    const replaced = (await reminderRows(user.id)).find((r) => r.id === oldReminder!.id)!;
    expect(replaced.isActive).toBe(false);
    expect(replaced.updatedAt.getTime()).toBeGreaterThan(oldReminder!.updatedAt.getTime());
  });

  it("keeps the running schedule when the same preferences are saved again", async () => {
    const user = await createUser(t.app);
    await save(user, valid);
    const [kept] = await reminderRows(user.id);
    setNow("2026-08-01T00:00:00Z");
    const again = await save(user, valid);
    expect(again.statusCode).toBe(200);
    expect(again.json().nextScheduledAt).toBe(kept!.nextScheduledAt!.toISOString());
    expect(await reminderRows(user.id)).toEqual([kept]);
  });

  it("schedules as-needed reminders too, and keeps text for +1 numbers", async () => {
    const user = await createUser(t.app);
    await t.app.db.update(users).set({ phoneNumber: "+14155550160" }).where(eq(users.id, user.id));
    setNow("2026-05-10T02:00:00Z"); // 07:30 in Kolkata
    const res = await save(user, {
      ...valid,
      reminderMethod: "text",
      reminderCadence: "as_needed",
      timezone: "Asia/Kolkata",
    });
    expect(res.json()).toMatchObject({
      reminderMethod: "text",
      reminderCadence: "as_needed",
      timezone: "Asia/Kolkata",
      nextScheduledAt: "2026-05-10T03:30:00.000Z",
    });
  });

  it("sends text reminders by email when the saved number is outside +1", async () => {
    const user = await createUser(t.app);
    await t.app.db.update(users).set({ phoneNumber: "+447700900160" }).where(eq(users.id, user.id));
    const res = await save(user, { ...valid, reminderMethod: "text" });
    expect(res.statusCode).toBe(200);
    expect(res.json().reminderMethod).toBe("email");
    expect((await readSettings(user.id))?.reminderMethod).toBe("email");
    const [active] = (await reminderRows(user.id)).filter((r) => r.isActive);
    expect(active?.reminderMethod).toBe("email");
  });

  it("changes only the caller's own rows, whatever the body says", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    await save(other, { ...valid, reminderTime: "7" });
    const res = await save(owner, { ...valid, reminderTime: "18", userId: other.id });
    expect(res.statusCode).toBe(200);
    expect((await readSettings(other.id))?.reminderTime).toBe("07:00:00");
    expect((await readSettings(owner.id))?.reminderTime).toBe("18:00:00");
    const otherRows = await reminderRows(other.id);
    expect(otherRows).toHaveLength(1);
    expect(otherRows[0]).toMatchObject({ isActive: true, reminderTime: "07:00:00" });
  });

  it("writes nothing when any part of the save fails", async () => {
    const user = await createUser(t.app);
    await save(user, { ...valid, reminderTime: "8" });
    // A failure on the reminder insert, after the settings row was already updated.
    await t.app.db.execute(
      sql.raw(`
        create or replace function settings_test_fail() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${user.id}' and new.reminder_time = '21:00:00' then
            raise exception 'injected failure';
          end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger settings_test_fail before insert on user_reminders
        for each row execute function settings_test_fail()`),
    );
    try {
      const res = await save(user, { ...valid, reminderTime: "21", reminderFrequency: 5 });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(
        "Something went wrong on our side. Please try again in a moment.",
      );
    } finally {
      await t.app.db.execute(sql.raw("drop trigger settings_test_fail on user_reminders"));
    }
    expect(await readSettings(user.id)).toMatchObject({
      reminderTime: "08:00:00",
      reminderFrequency: 2,
    });
    const rows = await reminderRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isActive: true, reminderTime: "08:00:00" });
  });

  it("keeps one active reminder, matching the settings, when saves race", async () => {
    const user = await createUser(t.app);
    const hours = Array.from({ length: 12 }, (_, i) => String(i + 6));
    const results = await Promise.all(hours.map((h) => save(user, { ...valid, reminderTime: h })));
    expect(results.map((r) => r.statusCode)).toEqual(hours.map(() => 200));
    const active = (await reminderRows(user.id)).filter((r) => r.isActive);
    expect(active).toHaveLength(1);
    expect(active[0]?.reminderTime).toBe((await readSettings(user.id))?.reminderTime);
    expect(await reminderRows(user.id)).toHaveLength(hours.length);
  });

  it("moves contacts' due days into the new time zone", async () => {
    const user = await createUser(t.app);
    setNow("2025-06-10T02:00:00Z"); // 22:00 on June 9 in New York, 11:00 on June 10 in Tokyo
    await save(user, { ...valid, timezone: "America/New_York" });
    const contact = await addContact(t.app, user, {
      firstName: "Nyc",
      rhythm: { interval: 1, unit: "week" },
    });
    expect(contact).toMatchObject({ dueDate: "2025-06-16" });
    await save(user, { ...valid, timezone: "Asia/Tokyo" });
    expect(await getContact(t.app, user, contact.id)).toMatchObject({
      dueDate: "2025-06-17",
      nextDueAt: "2025-06-16T15:00:00.000Z",
    });
  });

  it("switches text reminders to email when the phone moves outside +1", async () => {
    const user = await createUser(t.app);
    const patchMe = (phoneNumber: string | null) =>
      injectAs(t.app, user, { method: "PATCH", url: "/api/me", payload: { phoneNumber } });
    expect((await patchMe("+14155550170")).statusCode).toBe(200);
    await save(user, { ...valid, reminderMethod: "text" });
    expect((await patchMe(null)).statusCode).toBe(200); // no phone: text is still allowed
    expect((await readSettings(user.id))?.reminderMethod).toBe("text");
    expect((await patchMe("+447700900170")).statusCode).toBe(200);
    expect((await readSettings(user.id))?.reminderMethod).toBe("email");
    const [active] = await t.app.db
      .select()
      .from(userReminders)
      .where(and(eq(userReminders.userId, user.id), eq(userReminders.isActive, true)));
    expect(active?.reminderMethod).toBe("email");
  });
});
