// ntfy and webhook channels (issue 49 item 4): connected in Settings with a URL of the user's,
// they get the digest — ntfy with buttons that work the one-tap links, the webhook as a signed
// JSON body its receiver verifies — through the outbox's retries; URLs inside private networks
// or cloud metadata are refused unless the operator allows private ones; bad input says why.
import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeNtfy } from "../../../../tests/helpers/fake-ntfy";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { startWebhookReceiver } from "../../../../tests/helpers/webhook-receiver";
import type { ChatChannels, ChatMessage } from "../../../core/chat-channels";
import { interactions, outbox, reminderChannels } from "../../db/schema/index";
import { parseNtfyTopicUrl, renderNtfyMessage } from "./ntfy";

const NTFY_TOKEN = "tk_0123456789abcdefghijklmnopqrs";

let t: TestApp;
let ntfy: Awaited<ReturnType<typeof startFakeNtfy>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  // The stand-ins listen on 127.0.0.1, which only a self-hosted server may be allowed to call.
  t = await build({ ALLOW_PRIVATE_WEBHOOKS: "true" });
  ntfy = await startFakeNtfy({ token: NTFY_TOKEN, basePath: "/ntfy" });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await ntfy?.close();
  await receiver?.close();
});

function connect(app: TestApp["app"], user: TestUser, kind: "ntfy" | "webhook", payload: object) {
  return injectAs(app, user, {
    method: "PUT",
    url: `/api/reminders/chat-channels/${kind}`,
    payload,
  });
}

async function outboxRowsOf(userId: string, channel: string) {
  return t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, channel)))
    .orderBy(outbox.createdAt);
}

async function sendTest(user: TestUser, kind: string) {
  const res = await injectAs(t.app, user, {
    method: "POST",
    url: `/api/reminders/chat-channels/${kind}/test`,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.outbox.drain();
}

describe("ntfy", () => {
  it("gets the digest with a button per person that logs the contact once, however often pressed", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    const people = [
      await addDueContact(t.app, user),
      await addDueContact(t.app, user, { firstName: "Alan", lastName: "Turing" }),
      await addDueContact(t.app, user, { firstName: "Grace", lastName: "Hopper" }),
    ];
    const topicUrl = ntfy.topicUrl("tend-digest_1");
    const res = await connect(t.app, user, "ntfy", { url: ` ${topicUrl}/ `, token: NTFY_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ChatChannels>().channels).toEqual([
      expect.objectContaining({ kind: "ntfy", status: "active", label: topicUrl, secret: null }),
    ]);

    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    expect(ntfy.messages).toHaveLength(1);
    const sent = ntfy.messages[0]!;
    expect(sent).toMatchObject({
      topic: "tend-digest_1",
      authorization: `Bearer ${NTFY_TOKEN}`,
      title: "3 people are due",
      tags: ["bell"],
      click: "http://localhost:3000/app/rhythms",
    });
    expect(sent.message).toContain("Grace Hopper");
    // ntfy's limit is three buttons: two people, then Open Tend for everyone.
    expect(sent.actions.map((a) => [a.action, a.method ?? null])).toEqual([
      ["http", "POST"],
      ["http", "POST"],
      ["view", null],
    ]);
    expect(sent.actions[2]).toMatchObject({ label: "Open Tend", url: sent.click });
    const [delivery] = (await deliveriesOf(t.app, user.id)).filter((d) => d.lane === "ntfy");
    expect(delivery).toMatchObject({ channel: "ntfy", status: "sent" });

    const button = sent.actions[0]!;
    const pressed = people.find((p) => button.label === `${p.firstName} ${p.lastName}: done`);
    expect(pressed, button.label).toBeDefined();
    const loggedFor = async () =>
      (await t.app.db.select().from(interactions).where(eq(interactions.userId, user.id)))
        .map((row) => row.contactId)
        .sort();
    const before = await loggedFor();
    // What the ntfy app does on a tap: a bare POST to the button's URL.
    for (let i = 0; i < 2; i++) {
      const tap = await t.app.inject({ method: "POST", url: new URL(button.url!).pathname });
      expect(tap.statusCode).toBe(200);
      expect(tap.body).toContain(
        i === 0 ? "is marked as contacted today" : "already used this link",
      );
    }
    expect(await loggedFor()).toEqual([...before, pressed!.id].sort());
  });

  it("keeps the token when only the topic changes, drops it when asked, and sorts failures", async () => {
    setNow(t.app, "2026-05-02T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    expect(
      (await connect(t.app, user, "ntfy", { url: ntfy.topicUrl("first"), token: NTFY_TOKEN }))
        .statusCode,
    ).toBe(200);
    expect((await connect(t.app, user, "ntfy", { url: ntfy.topicUrl("second") })).statusCode).toBe(
      200,
    );
    const before = ntfy.messages.length;
    await sendTest(user, "ntfy");
    expect(ntfy.messages.slice(before)).toEqual([
      expect.objectContaining({
        topic: "second",
        authorization: `Bearer ${NTFY_TOKEN}`,
        title: "Test: Nobody is due today",
        tags: ["test_tube"],
        actions: [expect.objectContaining({ action: "view", label: "Open Tend" })],
      }),
    ]);

    // A server error is tried again later.
    ntfy.state.respondWith = 503;
    await sendTest(user, "ntfy");
    let [row] = (await outboxRowsOf(user.id, "ntfy")).slice(-1);
    expect(row).toMatchObject({ status: "pending", failure: "transient" });
    ntfy.state.respondWith = null;

    // Without the token the server refuses for good: no retry can fix that.
    expect(
      (await connect(t.app, user, "ntfy", { url: ntfy.topicUrl("second"), token: null }))
        .statusCode,
    ).toBe(200);
    await sendTest(user, "ntfy");
    [row] = (await outboxRowsOf(user.id, "ntfy")).slice(-1);
    expect(row).toMatchObject({ status: "failed", failure: "permanent" });
    const failed = (await deliveriesOf(t.app, user.id)).find((d) => d.status === "failed");
    expect(failed?.reason).toBe(
      "ntfy refused the message (401): The ntfy server answered 401: unauthorized",
    );
  });
});

describe("ntfy's message", () => {
  const digest: ChatMessage = {
    kind: "digest",
    text: "é".repeat(3000),
    title: "2 people are due",
    people: ["Bartholomew Aloysius Fitzgerald-Montgomery", "Ada Lovelace"].map((name, i) => ({
      contactId: `c${i}`,
      name,
      line: "Due today",
      markContactedUrl: `https://tend.example.com/r/done-${i}`,
      snoozeUrl: `https://tend.example.com/r/snooze-${i}`,
    })),
    openUrl: "https://tend.example.com/app/rhythms",
    isTest: false,
    deliveryId: "d1",
    createdAt: "2026-06-01T06:00:00.000Z",
  };

  it("fits ntfy's limits: 4096 bytes of text, short button labels", () => {
    const rendered = renderNtfyMessage(digest, { topic: "t", appName: "Tend" });
    expect(Buffer.byteLength(rendered.message)).toBeLessThanOrEqual(4096);
    expect(rendered.message.endsWith("…")).toBe(true);
    expect(rendered.actions.map((a) => a.label)).toEqual([
      "Bartholomew Aloysius Fitzgerald-Montgom…",
      "Ada Lovelace: done",
      "Open Tend",
    ]);
  });

  it("an answer is plain text, with nothing to press", () => {
    const answer = { ...digest, kind: "answer" as const, text: "Logged a call with Ada." };
    expect(renderNtfyMessage(answer, { topic: "t", appName: "Tend" })).toMatchObject({
      message: "Logged a call with Ada.",
      tags: ["speech_balloon"],
      actions: [],
    });
  });

  it("publishes beside the topic, so a server under a path works", () => {
    expect(parseNtfyTopicUrl("https://example.com/ntfy/alerts")).toEqual({
      publishUrl: "https://example.com/ntfy/",
      topic: "alerts",
      topicUrl: "https://example.com/ntfy/alerts",
    });
    expect(parseNtfyTopicUrl("https://ntfy.sh/")).toBeNull();
    expect(parseNtfyTopicUrl("https://ntfy.sh/a b")).toBeNull();
  });
});

describe("webhook", () => {
  let user: TestUser;
  let secret: string;

  it("connects with a signing secret made once and kept when the URL changes", async () => {
    setNow(t.app, "2026-06-01T05:00:00Z");
    ({ user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" }));
    const first = await connect(t.app, user, "webhook", { url: `${receiver.url}-old` });
    expect(first.statusCode, first.body).toBe(200);
    secret = first.json<ChatChannels>().channels[0]!.secret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const second = await connect(t.app, user, "webhook", { url: receiver.url });
    const channel = second.json<ChatChannels>().channels[0]!;
    expect(channel).toMatchObject({
      kind: "webhook",
      status: "active",
      label: receiver.url.replace("http://", ""),
      secret,
    });
    receiver.state.secret = secret;
  });

  it("gets a signed digest the receiver verifies; a replayed or altered one is refused", async () => {
    const ada = await addDueContact(t.app, user);
    setNow(t.app, "2026-06-01T06:00:01Z");
    await runJobs(t.app);
    expect(receiver.refused).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const [row] = await outboxRowsOf(user.id, "webhook");
    const [delivery] = (await deliveriesOf(t.app, user.id)).filter((d) => d.lane === "webhook");
    expect(delivery).toMatchObject({ status: "sent" });
    expect(got!.headers["tend-delivery"]).toBe(row!.id);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.event).toEqual({
      id: row!.id,
      type: "reminder.digest",
      createdAt: "2026-06-01T06:00:01.000Z",
      deliveryId: delivery!.id,
      title: "1 person is due",
      text: expect.stringContaining("1. Ada Lovelace: overdue by 3 days"),
      people: [
        {
          contactId: ada.id,
          name: "Ada Lovelace",
          line: expect.stringContaining("overdue"),
          markContactedUrl: expect.stringMatching(/^http:\/\/localhost:3000\/r\/\S+$/),
          snoozeUrl: expect.stringMatching(/^http:\/\/localhost:3000\/r\/\S+$/),
        },
      ],
      openUrl: "http://localhost:3000/app/rhythms",
    });

    const post = (headers: Record<string, string>, body: string) =>
      fetch(receiver.url, { method: "POST", headers, body });
    const signed = {
      "content-type": "application/json",
      "tend-signature": got!.headers["tend-signature"]!,
    };
    expect((await post(signed, got!.body)).status).toBe(400);
    expect((await post(signed, got!.body.replace("Ada", "Eve"))).status).toBe(400);
    const old = Math.floor(Date.now() / 1000) - 301;
    const oldMac = createHmac("sha256", secret).update(`${old}.${got!.body}`).digest("hex");
    const stale = { ...signed, "tend-signature": `t=${old},v1=${oldMac}` };
    expect((await post(stale, got!.body)).status).toBe(400);
    expect(receiver.refused.map((r) => r.reason)).toEqual([
      "replayed signature",
      "bad signature",
      "timestamp outside the window",
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it("a 500 is retried with the same delivery id; a 410 fails for good", async () => {
    receiver.state.respondWith = 500;
    await sendTest(user, "webhook");
    const [row] = (await outboxRowsOf(user.id, "webhook")).slice(-1);
    expect(row).toMatchObject({ status: "pending", failure: "transient", attempts: 1 });
    let [test] = (await deliveriesOf(t.app, user.id)).filter((d) => d.isTest);
    expect(test!.reason).toBe(
      "Webhook asked us to try again later (500). Trying again (attempt 2).",
    );

    receiver.state.respondWith = null;
    setNow(t.app, "2026-06-01T06:05:00Z");
    await t.app.outbox.drain();
    expect(receiver.received.at(-1)!.event).toMatchObject({ id: row!.id, type: "reminder.test" });
    [test] = (await deliveriesOf(t.app, user.id)).filter((d) => d.isTest);
    expect(test).toMatchObject({ status: "sent" });

    receiver.state.respondWith = 410;
    await sendTest(user, "webhook");
    const [gone] = (await outboxRowsOf(user.id, "webhook")).slice(-1);
    expect(gone).toMatchObject({ status: "failed", failure: "permanent", attempts: 1 });
    const [channel] = await t.app.db
      .select()
      .from(reminderChannels)
      .where(and(eq(reminderChannels.userId, user.id), eq(reminderChannels.kind, "webhook")));
    expect(channel!.lastError).toMatch(/^The webhook answered 410/);
    receiver.state.respondWith = null;
  });
});

describe("connecting refuses", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await build();
  });
  afterAll(async () => {
    await strict?.close();
  });

  it.each([
    ["https://127.0.0.1/hook", /inside a private network/],
    ["https://10.0.0.1/hook", /inside a private network/],
    ["https://[::1]/hook", /inside a private network/],
    ["https://localhost/hook", /inside a private network/],
    ["https://169.254.169.254/latest/meta-data", /link-local or cloud metadata/],
    ["http://93.184.215.14/hook", /^Use an https:\/\/ address/],
  ])("%s for either channel", async (url, message) => {
    const user = await createReminderUser(strict.app).then((r) => r.user);
    const topicUrl = url.replace(/\/[^/]*$/, "/tend-topic");
    for (const [kind, payload] of [
      ["webhook", { url }],
      ["ntfy", { url: topicUrl }],
    ] as const) {
      const res = await connect(strict.app, user, kind, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.fields.url).toMatch(message);
    }
    const rows = await strict.app.db
      .select()
      .from(reminderChannels)
      .where(eq(reminderChannels.userId, user.id));
    expect(rows).toEqual([]);
  });

  it("metadata addresses even where private ones are allowed", async () => {
    const { user } = await createReminderUser(t.app);
    const res = await connect(t.app, user, "webhook", { url: "http://169.254.169.254/" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/link-local or cloud metadata/);
  });

  it.each([
    ["not a URL", "webhook", { url: "not a url" }, /^This is not a web address/],
    ["ftp://", "webhook", { url: "ftp://example.com/hook" }, /^Only https:\/\/ addresses/],
    [
      "a 5000-character URL",
      "webhook",
      { url: `https://example.com/${"a".repeat(5000)}` },
      /too long: 2,000 characters/,
    ],
    ["no URL", "webhook", {}, /url: Enter the address/],
    ["a number", "webhook", { url: 42 }, /url: Enter the address/],
    ["no topic", "ntfy", { url: "https://203.0.113.5/" }, /^Give the whole topic URL/],
    ["a query", "ntfy", { url: "https://203.0.113.5/a/topic?x=1" }, /^Give the whole topic URL/],
    [
      "a long token",
      "ntfy",
      { url: "https://203.0.113.5/topic", token: "x".repeat(201) },
      /token is too long/,
    ],
  ] as const)("%s for %s, with a message", async (_what, kind, payload, message) => {
    const { user } = await createReminderUser(strict.app);
    const res = await connect(strict.app, user, kind, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });
});
