import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDueContact,
  createReminderUser,
  digestsTo,
  linksIn,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { contacts, interactions, userSettings } from "../../db/schema/index";
import { createOneTapToken } from "./one-tap-tokens";

describe("one-tap links from the digest", () => {
  let t: TestApp;
  let user: TestUser;
  let contactId: string;
  let markUrl: string;
  let snoozeUrl: string;
  let unsubscribeUrl: string;

  beforeAll(async () => {
    t = await build();
    setNow(t.app, "2026-04-10T05:00:00Z");
    ({ user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" }));
    contactId = (await addDueContact(t.app, user)).id;
    setNow(t.app, "2026-04-10T06:00:01Z");
    await runJobs(t.app);
    const [digest] = await digestsTo(t.app, user.email);
    markUrl = linksIn(digest!.text, "Mark contacted")[0]!;
    snoozeUrl = linksIn(digest!.text, "Snooze 1 week")[0]!;
    unsubscribeUrl = linksIn(digest!.text, "Stop reminder emails")[0]!;
  });
  afterAll(async () => t.close());

  const path = (url: string) => new URL(url).pathname;
  const historyCount = async () =>
    (await t.app.db.select().from(interactions).where(eq(interactions.contactId, contactId)))
      .length;
  const nextDue = async () =>
    (await t.app.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!.nextDueAt;
  const post = (url: string, payload?: string) =>
    t.app.inject({
      method: "POST",
      url: path(url),
      headers: payload ? { "content-type": "application/x-www-form-urlencoded" } : {},
      payload,
    });

  it("a GET only asks to confirm: mail scanners change nothing", async () => {
    const before = await historyCount();
    const page = await t.app.inject({ url: path(markUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Mark Ada Lovelace as contacted?");
    expect(page.body).toContain('<form method="post"');
    expect(await historyCount()).toBe(before);
    expect((await t.app.inject({ url: path(snoozeUrl) })).body).toContain(
      "Snooze Ada Lovelace for 1 week?",
    );
  });

  it("a POST marks contacted once; a replay adds no second history entry", async () => {
    const before = await historyCount();
    const first = await post(markUrl);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Ada Lovelace is marked as contacted today.");
    expect(await historyCount()).toBe(before + 1);
    const replay = await post(markUrl);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toContain("Already done");
    expect(await historyCount()).toBe(before + 1);
    expect((await t.app.inject({ url: path(markUrl) })).body).toContain("Already done");
  });

  it("snoozes for a week without logging contact", async () => {
    const before = await historyCount();
    const due = await nextDue();
    const res = await post(snoozeUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("snoozed for a week");
    expect((await nextDue())!.getTime() - due!.getTime()).toBe(7 * 86_400_000);
    expect(await historyCount()).toBe(before);
  });

  it("refuses an expired, tampered or malformed link and changes nothing", async () => {
    const before = await historyCount();
    setNow(t.app, "2026-04-25T06:00:01Z"); // 15 days later
    const expired = await post(markUrl);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain("This link has expired");
    setNow(t.app, "2026-04-10T07:00:00Z");
    const token = path(markUrl).split("/r/")[1]!;
    const [body, sig] = token.split(".");
    const tampered = `${body!.slice(0, -2)}AA.${sig}`;
    expect((await post(`http://x/r/${tampered}`)).statusCode).toBe(400);
    expect((await post(`http://x/r/${body}.${sig!.slice(0, -1)}x`)).statusCode).toBe(400);
    expect((await post("http://x/r/nonsense")).statusCode).toBe(400);
    // An unsubscribe token is not a contact action, and the other way round.
    expect(
      (await post(`http://x/r/${path(unsubscribeUrl).split("/unsubscribe/")[1]}`)).statusCode,
    ).toBe(400);
    expect((await post(`http://x/unsubscribe/${token}`)).statusCode).toBe(400);
    expect(await historyCount()).toBe(before);
  });

  it("is bound to its user: another user's contact id in a signed link finds nothing", async () => {
    const { user: other } = await createReminderUser(t.app, { timezone: "UTC" });
    const theirs = await addDueContact(t.app, other, { firstName: "Grace" });
    const forged = createOneTapToken(t.app.env.AUTH_SECRET, {
      action: "contacted",
      userId: user.id,
      contactId: theirs.id,
      expiresAt: t.app.clock.now().getTime() + 60_000,
      nonce: "x",
    });
    const res = await post(`http://x/r/${forged}`);
    expect(res.statusCode).toBe(404);
    const history = await t.app.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, theirs.id), eq(interactions.userId, other.id)));
    expect(history).toHaveLength(1); // only the "last contacted" entry from creation
    // A link signed with another secret is refused.
    const foreign = createOneTapToken("another-secret-another-secret-0123456", {
      action: "contacted",
      userId: other.id,
      contactId: theirs.id,
      expiresAt: t.app.clock.now().getTime() + 60_000,
      nonce: "x",
    });
    expect((await post(`http://x/r/${foreign}`)).statusCode).toBe(400);
  });

  it("unsubscribes by the RFC 8058 one-click POST; a GET only asks", async () => {
    const settings = async () =>
      (await t.app.db.select().from(userSettings).where(eq(userSettings.userId, user.id)))[0]!;
    const page = await t.app.inject({ url: path(unsubscribeUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop reminder emails?");
    expect((await settings()).emailRemindersEnabled).toBe(true);

    const res = await post(unsubscribeUrl, "List-Unsubscribe=One-Click");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Reminder emails are off");
    expect((await settings()).emailRemindersEnabled).toBe(false);
    const channels = await injectAs(t.app, user, { url: "/api/reminders/channels" });
    expect(channels.json()).toMatchObject({ emailRemindersEnabled: false });

    // Settings offers to turn them back on; nothing else changed.
    const resumed = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/reminders/email/resume",
    });
    expect(resumed.json()).toMatchObject({ emailRemindersEnabled: true });
    expect(await historyCount()).toBeGreaterThan(0);
  });
});
