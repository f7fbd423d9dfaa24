// reminder.sent and reply.received end to end: the scheduler's digest goes out through the outbox
// and the user's receiver hears of it, signed; the user answers the digest by mail through the
// SMTP listener and the receiver hears what the reply did. Nothing is told for a test digest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsStub } from "../../../../tests/helpers/dns-stub";
import {
  addDueContact,
  createReminderUser,
  digestsTo,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { sendOverSmtp } from "../../../../tests/helpers/smtp-peer";
import { build, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { startWebhookReceiver } from "../../../../tests/helpers/webhook-receiver";
import { createInboundDeps } from "./inbound-mail";
import { startSmtpListener, type SmtpListener } from "./smtp-listener";

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Event = { type: string; data: Record<string, Record<string, unknown>> };

describe("reminder.sent and reply.received", () => {
  let t: TestApp;
  let receiver: Receiver;
  let listener: SmtpListener;
  beforeAll(async () => {
    // The receiver listens on 127.0.0.1, which only a self-hosted server may be allowed to call.
    t = await build({
      ALLOW_PRIVATE_WEBHOOKS: "true",
      INBOUND_SMTP_PORT: "0",
      INBOUND_DOMAIN: "inbound.tend.test",
    });
    receiver = await startWebhookReceiver();
    listener = await startSmtpListener(createInboundDeps(t.app.services, t.app.log), {
      port: 0,
      host: "127.0.0.1",
      senderCheck: { resolver: dnsStub() },
    });
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
    await receiver?.close();
  });

  const eventsOf = (type: string) =>
    receiver.received.map((r) => r.event as Event).filter((e) => e.type === type);

  it("tells the receiver that the digest went out and what the answer to it did", async () => {
    setNow(t.app, "2026-05-04T08:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "9" });
    const grace = await addDueContact(t.app, user, { firstName: "Grace", lastName: "Hopper" });
    const hook = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/webhooks",
      payload: { url: receiver.url, events: ["reminder.sent", "reply.received"] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    receiver.state.secret = hook.json<{ secret: string }>().secret;

    // A test digest is not a reminder: nothing is told of it.
    const test = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
    expect(test.statusCode, test.body).toBe(200);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    expect(eventsOf("reminder.sent")).toEqual([]);

    setNow(t.app, "2026-05-04T09:00:01Z");
    await runJobs(t.app);
    // The event is written when the digest is recorded as sent; the next pass delivers it.
    await t.app.outbox.drain();
    const [sent] = eventsOf("reminder.sent");
    expect(sent?.data.reminder).toMatchObject({
      channel: "email",
      scheduledFor: "2026-05-04T09:00:00.000Z",
      contactIds: [grace.id],
    });
    expect(eventsOf("reminder.sent")).toHaveLength(1);

    const [digest] = (await digestsTo(t.app, user.email)).filter(
      (m) => m.kind === "reminder-digest",
    );
    const replyTo = digest!.headers["Reply-To"]!;
    expect(replyTo).toMatch(/@inbound\.tend\.test$/);
    await sendOverSmtp(listener.port, {
      from: user.email,
      to: replyTo,
      subject: "Re: 1 person to get in touch with",
      text: "called grace",
    });
    await t.app.outbox.drain();
    const [reply] = eventsOf("reply.received");
    expect(reply?.data.reply).toMatchObject({
      channel: "email",
      text: "called grace",
      actions: [{ kind: "interaction", status: "applied", who: "Grace Hopper" }],
    });
    expect(receiver.refused).toEqual([]);
  });
});
