// WhatsApp reminders through the Cloud API (issue 49 item 3), against a stand-in Graph API: the
// opt-in takes the verified phone number, the digest goes as the template with quick-reply
// buttons, and the signed webhook turns a press into a logged contact (once) and free text into
// the assistant's answer; forged, unknown and malformed posts change nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startWhatsAppFake,
  signedPost,
  webhookMessage,
  WHATSAPP_TEST_TEMPLATE,
  WHATSAPP_TEST_VERIFY,
} from "../../../../tests/helpers/fake-whatsapp";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { users } from "../../db/schema/index";
import { chatButtonData } from "./chat-inbound";

let fake: Awaited<ReturnType<typeof startWhatsAppFake>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startWhatsAppFake();
  t = await build(fake.env);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.state.failWith = null;
});

let phoneCounter = 0;

async function verifiedUser(): Promise<{ user: TestUser; waId: string }> {
  const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
  phoneCounter += 1;
  const waId = `1415555${String(1000 + ((process.pid + phoneCounter * 7) % 9000)).padStart(4, "0")}`;
  await t.app.db
    .update(users)
    .set({ phoneNumber: `+${waId}`, phoneNumberVerified: true })
    .where(eq(users.id, user.id));
  return { user, waId };
}

async function optIn(user: TestUser) {
  return injectAs(t.app, user, { method: "POST", url: "/api/reminders/chat-channels/whatsapp" });
}

async function historyOf(user: TestUser, contactId: string) {
  const res = await injectAs(t.app, user, { url: `/api/contacts/${contactId}/interactions` });
  return res.json().items as { occurredAt: string; note: string; method?: string }[];
}

const sentTo = (waId: string) => fake.messages.filter((m) => m.to === waId);

describe("WhatsApp opt-in", () => {
  it("is refused without a verified phone number, and takes the verified one", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC" });
    const refused = await optIn(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Verify your phone number in Settings first: WhatsApp reminders go to your verified number.",
    );
    await t.app.db
      .update(users)
      .set({ phoneNumber: "+14155550123", phoneNumberVerified: false })
      .where(eq(users.id, user.id));
    expect((await optIn(user)).statusCode).toBe(409);

    await t.app.db.update(users).set({ phoneNumberVerified: true }).where(eq(users.id, user.id));
    const accepted = await optIn(user);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      channels: [{ kind: "whatsapp", status: "active", label: "+1 415-555-0123" }],
      available: { whatsapp: true },
    });
  });
});

describe("WhatsApp digests and the webhook", () => {
  let user: TestUser;
  let waId: string;
  let adaId: string;
  let deliveryId: string;

  beforeAll(async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    ({ user, waId } = await verifiedUser());
    adaId = (await addDueContact(t.app, user)).id;
    expect((await optIn(user)).statusCode).toBe(200);
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    const chat = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "whatsapp")!;
    expect(chat.status).toBe("sent");
    deliveryId = chat.id;
  });

  it("sends the digest as the template, with the first person's quick-reply buttons", () => {
    const [digest] = sentTo(waId);
    expect(digest).toMatchObject({ type: "template" });
    expect(digest!.template).toMatchObject({
      name: WHATSAPP_TEST_TEMPLATE,
      language: { code: "en" },
    });
    const [body, contacted, snooze] = digest!.template!.components;
    expect(body!.type).toBe("body");
    const [title, list, link] = body!.parameters.map((p) => p.text!);
    expect(title).toBe("1 person is due");
    expect(list).toMatch(/^1\. Ada Lovelace: overdue by 3 days/);
    expect(list).not.toMatch(/\n/);
    expect(link).toBe("http://localhost:3000/app/rhythms");
    expect(contacted).toEqual({
      type: "button",
      sub_type: "quick_reply",
      index: "0",
      parameters: [{ type: "payload", payload: chatButtonData("contacted", deliveryId, 0) }],
    });
    expect(snooze!.parameters[0]!.payload).toBe(chatButtonData("snooze", deliveryId, 0));
  });

  it("logs the contact once for a press, however often it comes, and answers in the chat", async () => {
    const payload = chatButtonData("contacted", deliveryId, 0);
    const before = (await historyOf(user, adaId)).length;
    for (let i = 0; i < 2; i += 1) {
      const press = webhookMessage(
        waId,
        { type: "button", button: { payload, text: "Mark contacted" } },
        t.app.clock.now(),
      );
      const res = await t.app.inject(signedPost(press));
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.outbox.drain();
    expect(await historyOf(user, adaId)).toHaveLength(before + 1);
    const answers = sentTo(waId).filter((m) => m.type === "text");
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers[0]!.text!.body).toMatch(/Ada Lovelace/);
  });

  it("takes free text to the assistant and sends its answer back as text", async () => {
    const before = sentTo(waId).length;
    const text = webhookMessage(
      waId,
      { type: "text", text: { body: "called Ada yesterday" } },
      t.app.clock.now(),
    );
    const res = await t.app.inject(signedPost(text));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    const history = await historyOf(user, adaId);
    expect(history.map((h) => h.occurredAt.slice(0, 10))).toContain("2026-04-30");
    const answer = sentTo(waId).slice(before);
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({ type: "text" });
    expect(answer[0]!.text!.body).toMatch(/Ada Lovelace/);
    const replies = await injectAs(t.app, user, { url: "/api/replies" });
    expect(JSON.stringify(replies.json())).toContain("called Ada yesterday");
  });

  it("refuses a wrong signature and bad JSON, and changes nothing", async () => {
    const before = JSON.stringify(await historyOf(user, adaId));
    const sent = fake.messages.length;
    const press = webhookMessage(
      waId,
      { type: "button", button: { payload: chatButtonData("snooze", deliveryId, 0) } },
      t.app.clock.now(),
    );
    const forged = await t.app.inject(signedPost(press, "not-the-app-secret"));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe("The request's X-Hub-Signature-256 is not valid.");
    const unsigned = await t.app.inject({ ...signedPost(press), headers: {} });
    expect(unsigned.statusCode).toBe(401);
    const garbled = await t.app.inject(signedPost("{not json"));
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.message).toBe("The body is not JSON.");
    await t.app.outbox.drain();
    expect(JSON.stringify(await historyOf(user, adaId))).toBe(before);
    expect(fake.messages.length).toBe(sent);
  });

  it("acknowledges a message from a number that did not opt in, and status updates, touching nothing", async () => {
    const before = JSON.stringify(await historyOf(user, adaId));
    const sent = fake.messages.length;
    const stranger = webhookMessage(
      "447700900123",
      { type: "button", button: { payload: chatButtonData("contacted", deliveryId, 0) } },
      t.app.clock.now(),
    );
    expect((await t.app.inject(signedPost(stranger))).statusCode).toBe(200);
    const strangerText = webhookMessage(
      "447700900123",
      { type: "text", text: { body: "called Ada yesterday" } },
      t.app.clock.now(),
    );
    expect((await t.app.inject(signedPost(strangerText))).statusCode).toBe(200);
    const status = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                statuses: [{ id: "wamid.x", status: "delivered", recipient_id: waId }],
              },
            },
          ],
        },
      ],
    };
    expect((await t.app.inject(signedPost(status))).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(JSON.stringify(await historyOf(user, adaId))).toBe(before);
    expect(fake.messages.length).toBe(sent);
  });
});

describe("WhatsApp's subscription check", () => {
  const check = (token: string, mode = "subscribe") =>
    t.app.inject({
      method: "GET",
      url: `/api/inbound/whatsapp?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
    });

  it("echoes the challenge for the verify token, and refuses any other", async () => {
    const ok = await check(WHATSAPP_TEST_VERIFY);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.body).toBe("1158201444");
    expect((await check("guess")).statusCode).toBe(403);
    expect((await check(WHATSAPP_TEST_VERIFY, "unsubscribe")).statusCode).toBe(403);
  });
});

describe("WhatsApp delivery failures", () => {
  it("a refusal is permanent (logged with WhatsApp's code); an outage is retried", async () => {
    setNow(t.app, "2026-06-01T05:00:00Z");
    const { user, waId } = await verifiedUser();
    await addDueContact(t.app, user);
    expect((await optIn(user)).statusCode).toBe(200);
    fake.state.failWith = { status: 400, code: 131026 };
    setNow(t.app, "2026-06-01T06:00:01Z");
    await runJobs(t.app);
    let chat = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "whatsapp")!;
    expect(chat).toMatchObject({ status: "failed" });
    expect(chat.reason).toMatch(/^WhatsApp refused the message \(400\): .*#131026/);

    fake.state.failWith = { status: 503, code: 2 };
    setNow(t.app, "2026-06-02T06:00:01Z");
    await runJobs(t.app);
    chat = (await deliveriesOf(t.app, user.id)).filter((d) => d.lane === "whatsapp")[1]!;
    expect(chat.status).toBe("queued");
    expect(chat.reason).toMatch(/^WhatsApp asked us to try again later \(503\)\. Trying again/);
    expect(sentTo(waId)).toEqual([]);
  });
});

describe("a number that changes hands", () => {
  it("gets no more digests, and its messages no longer reach the old account", async () => {
    setNow(t.app, "2026-07-01T05:00:00Z");
    const { user, waId } = await verifiedUser();
    const ada = await addDueContact(t.app, user);
    expect((await optIn(user)).statusCode).toBe(200);
    const history = JSON.stringify(await historyOf(user, ada.id));
    await t.app.db
      .update(users)
      .set({ phoneNumber: null, phoneNumberVerified: false })
      .where(eq(users.id, user.id));
    setNow(t.app, "2026-07-01T06:00:01Z");
    await runJobs(t.app);
    const chat = (await deliveriesOf(t.app, user.id)).find((d) => d.lane === "whatsapp")!;
    expect(chat.status).toBe("failed");
    expect(chat.reason).toMatch(/Your phone number is no longer verified/);
    const text = webhookMessage(
      waId,
      { type: "text", text: { body: "called Ada yesterday" } },
      t.app.clock.now(),
    );
    expect((await t.app.inject(signedPost(text))).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(JSON.stringify(await historyOf(user, ada.id))).toBe(history);
    expect(sentTo(waId)).toEqual([]);
  });
});

describe("WhatsApp not set up on this server", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await build();
  });
  afterAll(async () => bare.close());

  it("refuses the opt-in, the subscription check and webhook posts with a clear message", async () => {
    const { user } = await createReminderUser(bare.app, { timezone: "UTC" });
    const res = await injectAs(bare.app, user, {
      method: "POST",
      url: "/api/reminders/chat-channels/whatsapp",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^WhatsApp reminders are not set up on this server/);
    const post = await bare.app.inject(signedPost({ entry: [] }));
    expect(post.statusCode).toBe(404);
    expect(post.json().error.message).toBe("WhatsApp is not set up on this server.");
  });
});
