// The chat channels' common path (issue 49): a scheduled digest goes to the chosen email or text
// and, once per occurrence, to each connected chat channel through the one outbox; a channel that
// fails for good for a day is suspended without touching the others; Settings lists, tests and
// disconnects channels.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import type { ChatMessage } from "../../../core/chat-channels";
import { notifications, outbox, reminderChannels, userNotifications } from "../../db/schema/index";
import { saveChannel } from "./channels.service";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function chatRowsOf(userId: string) {
  return t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, "whatsapp")))
    .orderBy(outbox.createdAt);
}

describe("chat channels", () => {
  it("a digest goes by email and to the connected channel once per occurrence, each with its people", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    const ada = await addDueContact(t.app, user);
    // WhatsApp is not set up in this test's server: the channel's messages fail for good.
    await saveChannel(t.app.db, {
      userId: user.id,
      kind: "whatsapp",
      address: "+15005550006",
      label: "+1 500-555-0006",
      secret: null,
      now: t.app.clock.now(),
    });
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    await runJobs(t.app); // a second pass over the same occurrence writes nothing more

    const deliveries = await deliveriesOf(t.app, user.id);
    expect(deliveries.map((d) => [d.lane, d.channel, d.status]).sort()).toEqual([
      ["primary", "email", "sent"],
      ["whatsapp", "whatsapp", "failed"],
    ]);
    const chat = deliveries.find((d) => d.lane === "whatsapp")!;
    expect(chat.contactIds).toEqual([ada.id]);
    expect(chat.reason).toMatch(/^WhatsApp refused the message: WhatsApp is not set up/);

    const [row] = await chatRowsOf(user.id);
    const message = row!.payload as ChatMessage;
    expect(message).toMatchObject({ kind: "digest", deliveryId: chat.id, isTest: false });
    expect(message.people).toEqual([
      expect.objectContaining({
        contactId: ada.id,
        name: "Ada Lovelace",
        markContactedUrl: expect.stringMatching(/\/r\//),
        snoozeUrl: expect.stringMatching(/\/r\//),
      }),
    ]);
    expect(message.text).toContain("1. Ada Lovelace: overdue by 3 days");
  });

  it("a channel failing for good for a day is suspended and the user told; email goes on", async () => {
    setNow(t.app, "2026-06-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user);
    await saveChannel(t.app.db, {
      userId: user.id,
      kind: "whatsapp",
      address: "+15005550007",
      label: "+1 500-555-0007",
      secret: null,
      now: t.app.clock.now(),
    });
    for (const day of ["01", "02", "03"]) {
      setNow(t.app, `2026-06-${day}T06:00:01Z`);
      await runJobs(t.app);
    }
    const deliveries = await deliveriesOf(t.app, user.id);
    // Day 1 and day 2 were tried (a day apart: suspended after the second); day 3 was not.
    expect(deliveries.filter((d) => d.lane === "whatsapp")).toHaveLength(2);
    expect(deliveries.filter((d) => d.lane === "primary").map((d) => d.status)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
    const alerts = await t.app.db
      .select({ title: notifications.title })
      .from(userNotifications)
      .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
      .where(and(eq(userNotifications.userId, user.id), eq(notifications.type, "SYSTEM_ALERT")));
    expect(alerts.map((a) => a.title)).toEqual(["WhatsApp reminders are paused"]);

    const listed = await injectAs(t.app, user, {
      method: "GET",
      url: "/api/reminders/chat-channels",
    });
    expect(listed.json()).toMatchObject({
      channels: [{ kind: "whatsapp", status: "suspended", label: "+1 500-555-0007" }],
      available: { telegram: false, whatsapp: false, ntfy: true, webhook: true },
    });
  });

  it("Send a test goes to that channel only; disconnecting stops it, with a clear message after", async () => {
    setNow(t.app, "2026-07-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await saveChannel(t.app.db, {
      userId: user.id,
      kind: "whatsapp",
      address: "+15005550008",
      label: "+1 500-555-0008",
      secret: null,
      now: t.app.clock.now(),
    });
    // Another account names the same kind: its own (none), never this user's.
    const stranger = await createReminderUser(t.app, { timezone: "UTC" });
    for (const method of ["DELETE", "POST"] as const) {
      const res = await injectAs(t.app, stranger.user, {
        method,
        url: `/api/reminders/chat-channels/whatsapp${method === "POST" ? "/test" : ""}`,
      });
      expect(res.statusCode === 404 || res.json().channels?.length === 0, res.body).toBe(true);
    }
    expect(
      await t.app.db.select().from(reminderChannels).where(eq(reminderChannels.userId, user.id)),
    ).toHaveLength(1);

    const test = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/reminders/chat-channels/whatsapp/test",
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().delivery).toMatchObject({ channel: "whatsapp", isTest: true });
    const rows = await chatRowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.payload as ChatMessage).title).toBe("Test: Nobody is due today");
    expect((await deliveriesOf(t.app, user.id)).map((d) => d.lane)).toEqual(["whatsapp"]);

    const gone = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/reminders/chat-channels/whatsapp",
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().channels).toEqual([]);
    expect(
      await t.app.db.select().from(reminderChannels).where(eq(reminderChannels.userId, user.id)),
    ).toEqual([]);
    const again = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/reminders/chat-channels/whatsapp/test",
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      "WhatsApp is not connected. Connect it in Settings → Reminders first.",
    );
    const unknown = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/reminders/chat-channels/carrier-pigeon",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/no reminder channel called “carrier-pigeon”/);
  });
});
