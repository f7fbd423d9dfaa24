import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDueContact, createReminderUser, setNow } from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp } from "../../../../tests/helpers/test-app";

describe("the private calendar feed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("lists next due days and birthdays as all-day events an independent parser reads", async () => {
    setNow(t.app, "2026-05-10T12:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "Europe/Berlin" });
    const none = await injectAs(t.app, user, { url: "/api/reminders/channels" });
    expect(none.json()).toMatchObject({ calendarUrl: null });

    await addDueContact(t.app, user, { lastContactedOn: "2026-05-08" }); // due 2026-05-15
    await addDueContact(t.app, user, {
      firstName: "Grace",
      lastName: "Hopper",
      rhythm: null,
      lastContactedOn: null,
      birthday: { day: 9, month: 6, year: 1906 },
    });
    await addDueContact(t.app, user, {
      firstName: "Far",
      lastName: "Away",
      rhythm: null,
      lastContactedOn: null,
      birthday: { day: 1, month: 12, year: null }, // beyond 90 days
    });
    const created = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/calendar" });
    expect(created.statusCode).toBe(200);
    const url = created.json<{ calendarUrl: string }>().calendarUrl;
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[\w-]+\.ics$/);

    const feed = await t.app.inject({ url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const byTitle = Object.fromEntries(
      events.map((e) => [e.summary, { start: e.startDate.toString(), isDate: e.startDate.isDate }]),
    );
    expect(byTitle).toEqual({
      "Get in touch with Ada Lovelace": { start: "2026-05-15", isDate: true },
      "Grace Hopper's birthday (turns 120)": { start: "2026-06-09", isDate: true },
    });
  });

  it("a regenerated URL revokes the old one", async () => {
    const { user } = await createReminderUser(t.app);
    const first = (
      await injectAs(t.app, user, { method: "POST", url: "/api/reminders/calendar" })
    ).json<{
      calendarUrl: string;
    }>().calendarUrl;
    const second = (
      await injectAs(t.app, user, { method: "POST", url: "/api/reminders/calendar" })
    ).json<{
      calendarUrl: string;
    }>().calendarUrl;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: new URL(first).pathname })).statusCode).toBe(404);
    const fresh = await t.app.inject({ url: new URL(second).pathname });
    expect(fresh.statusCode).toBe(200);
    expect(new ICAL.Component(ICAL.parse(fresh.body)).name).toBe("vcalendar");
    expect((await t.app.inject({ url: "/calendar/not-a-token.ics" })).statusCode).toBe(404);
  });
});
