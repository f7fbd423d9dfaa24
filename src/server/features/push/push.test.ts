// Push reminders (issue 50 item 4): a browser's subscription is saved, listed and removed by its
// owner only; the digest and the test reminder reach it as real encrypted, VAPID-signed requests
// that the push-service stand-in checks and decrypts; a 410 removes the device; a loopback push
// service is refused unless the operator allows private addresses; in-app notifications follow
// when the user asks for it.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFakePushService,
  type FakePushSubscription,
} from "../../../../tests/helpers/fake-push-service";
import {
  addDueContact,
  createReminderUser,
  deliveriesOf,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { PushConfig, PushDevice, PushPayload } from "../../../core/push";
import { interactions, pushSubscriptions, users } from "../../db/schema/index";
import { notifyUsers } from "../notifications/notifications.public";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let t: TestApp;
let push: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  // The stand-in listens on 127.0.0.1, which only a self-hosted server may be allowed to call.
  t = await build({ ALLOW_PRIVATE_WEBHOOKS: "true" });
  push = await startFakePushService();
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

function subscribe(user: TestUser, subscription: object, app = t.app) {
  return injectAs(app, user, {
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { "user-agent": ANDROID_CHROME },
    payload: subscription,
  });
}

async function subscribed(user: TestUser): Promise<FakePushSubscription> {
  const subscription = push.subscribe();
  const res = await subscribe(user, subscription.json);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

async function devicesOf(user: TestUser, app = t.app): Promise<PushDevice[]> {
  const res = await injectAs(app, user, { url: "/api/push/subscriptions" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ devices: PushDevice[] }>().devices;
}

describe("subscriptions", () => {
  it("are saved with a device name, listed, and removed by endpoint or by id", async () => {
    const user = await createUser(t.app);
    const config = await injectAs(t.app, user, { url: "/api/push/config" });
    expect(config.json<PushConfig>()).toEqual({
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      isAvailable: true,
      pushInAppNotifications: false,
    });
    const phone = await subscribed(user);
    const laptop = await subscribed(user);
    // Subscribing again (new keys for the same endpoint) keeps one device.
    expect((await subscribe(user, phone.json)).statusCode).toBe(201);
    const devices = await devicesOf(user);
    expect(devices.map((d) => [d.label, d.endpoint])).toEqual([
      ["Chrome on Android", phone.json.endpoint],
      ["Chrome on Android", laptop.json.endpoint],
    ]);

    const byEndpoint = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: phone.json.endpoint },
    });
    expect(byEndpoint.statusCode, byEndpoint.body).toBe(200);
    expect(byEndpoint.json<{ devices: PushDevice[] }>().devices).toHaveLength(1);
    const byId = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/push/subscriptions/${devices[1]!.id}`,
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(await devicesOf(user)).toEqual([]);
    const again = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/push/subscriptions/${devices[1]!.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe("That device is not in your list any more.");
  });

  it("are in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/openapi.json" })).json();
    expect(Object.keys(doc.paths["/api/push/subscriptions"]).sort()).toEqual([
      "delete",
      "get",
      "post",
    ]);
    expect(Object.keys(doc.paths["/api/push/subscriptions/{id}"])).toEqual(["delete"]);
    expect(doc.paths["/api/push/config"].get.tags).toEqual(["push"]);
  });

  it("say what is wrong with a subscription that is not one", async () => {
    const user = await createUser(t.app);
    const good = push.subscribe().json;
    const cases: Array<[object, string]> = [
      [{}, "The subscription has no endpoint."],
      [{ ...good, endpoint: "not a url" }, "The subscription's endpoint is not a web address."],
      [{ ...good, endpoint: "ftp://push.example/x" }, "must be an https:// address"],
      [{ endpoint: good.endpoint }, "The subscription has no keys (keys.p256dh and keys.auth)."],
      [
        { ...good, keys: { ...good.keys, p256dh: "abc" } },
        "The subscription's keys.p256dh should be 65 bytes long.",
      ],
      [
        { ...good, keys: { ...good.keys, auth: "not base64url!" } },
        "The subscription's keys.auth is not base64url text.",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await devicesOf(user)).toEqual([]);
  });

  it("belong to their owner: another account neither sees nor removes them", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const subscription = await subscribed(owner);
    const [device] = await devicesOf(owner);
    expect(await devicesOf(stranger)).toEqual([]);
    const byId = await injectAs(t.app, stranger, {
      method: "DELETE",
      url: `/api/push/subscriptions/${device!.id}`,
    });
    const byEndpoint = await injectAs(t.app, stranger, {
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: subscription.json.endpoint },
    });
    expect([byId.statusCode, byEndpoint.statusCode]).toEqual([404, 404]);
    expect(await devicesOf(owner)).toHaveLength(1);
  });

  it("go with the account", async () => {
    const user = await createUser(t.app);
    await subscribed(user);
    await t.app.db.delete(users).where(eq(users.id, user.id));
    const left = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe("sending", () => {
  it("brings the digest, decrypted, with its title, the first person's actions and /app/rhythms", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    // Ada is the more overdue, so the digest's first person and the one its actions are for.
    const ada = await addDueContact(t.app, user, { lastContactedOn: "2026-04-01" });
    await addDueContact(t.app, user, { firstName: "Alan", lastName: "Turing" });
    const subscription = await subscribed(user);
    const { publicKey } = (await injectAs(t.app, user, { url: "/api/push/config" })).json();

    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    expect(push.refusals).toEqual([]);
    const [sent] = push.pushesTo(subscription);
    expect(sent).toBeDefined();
    expect(sent!.vapidKey).toBe(publicKey);
    expect(sent!.claims.sub).toBe("mailto:support@tend.local");
    expect(sent!.ttl).toBeGreaterThanOrEqual(12 * 3600);
    expect(sent!.ttl).toBeLessThanOrEqual(24 * 3600);
    expect(sent!.topic).toBe("tend-digest");
    const payload = sent!.payload as PushPayload;
    expect(payload).toMatchObject({ title: "2 people are due", url: "/app/rhythms" });
    expect(payload.body.split("\n")[0]).toMatch(/^Ada Lovelace: /);
    expect(payload.body).toContain("Alan Turing:");
    expect(payload.actions.map((a) => [a.action, a.title])).toEqual([
      ["contacted", "Mark contacted"],
      ["snooze", "Snooze 1 week"],
    ]);
    const deliveries = (await deliveriesOf(t.app, user.id)).filter((d) => d.channel === "push");
    expect(deliveries).toEqual([expect.objectContaining({ status: "sent" })]);
    const [device] = await devicesOf(user);
    expect(device!.lastSuccessAt).not.toBeNull();

    // The action is a one-tap link: what the service worker POSTs, without a session, logs once.
    const loggedFor = async () =>
      (await t.app.db.select().from(interactions).where(eq(interactions.userId, user.id))).map(
        (row) => row.contactId,
      );
    const before = await loggedFor();
    const mark = new URL(payload.actions[0]!.url);
    for (let i = 0; i < 2; i++) {
      const tap = await t.app.inject({ method: "POST", url: mark.pathname });
      expect(tap.statusCode).toBe(200);
    }
    expect((await loggedFor()).sort()).toEqual([...before, ada.id].sort());
  });

  it("sends the test reminder to every device too, and removes a device the push service says is gone", async () => {
    const user = await createUser(t.app);
    const kept = await subscribed(user);
    const gone = await subscribed(user);
    push.answerWith(gone, 410);
    const res = await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    expect(push.pushesTo(kept).map((p) => (p.payload as PushPayload).title)).toEqual([
      "Test: Nobody is due today",
    ]);
    expect(push.pushesTo(gone)).toEqual([]);
    expect((await devicesOf(user)).map((d) => d.endpoint)).toEqual([kept.json.endpoint]);
    const failed = (await deliveriesOf(t.app, user.id)).filter((d) => d.status === "failed");
    expect(failed).toEqual([expect.objectContaining({ channel: "push" })]);
    expect(failed[0]!.reason).toContain("410");
  });

  it("retries a push service that asks for time, and counts the failure", async () => {
    const user = await createUser(t.app);
    const subscription = await subscribed(user);
    push.answerWith(subscription, 429);
    await injectAs(t.app, user, { method: "POST", url: "/api/reminders/test" });
    await t.app.outbox.drain();
    const [pending] = (await deliveriesOf(t.app, user.id)).filter((d) => d.channel === "push");
    expect(pending).toMatchObject({ status: "queued" });
    expect(pending!.reason).toContain("Trying again");
    expect((await devicesOf(user))[0]!.failureCount).toBe(1);
  });

  it("pushes in-app notifications once each, only for a user who asked for it", async () => {
    const user = await createUser(t.app);
    const subscription = await subscribed(user);
    const alert = {
      userId: user.id,
      type: "SYSTEM_ALERT" as const,
      title: "Text reminders are paused",
      content: "<p>Check your phone number &amp; try again.</p>",
      link: "/app/settings",
    };
    await notifyUsers(t.app.db, [alert]);
    await t.app.outbox.drain();
    expect(push.pushesTo(subscription)).toEqual([]);

    const turnedOn = await injectAs(t.app, user, {
      method: "PATCH",
      url: "/api/push/settings",
      payload: { pushInAppNotifications: true },
    });
    expect(turnedOn.json<PushConfig>().pushInAppNotifications).toBe(true);
    await notifyUsers(t.app.db, [alert]);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    expect(push.pushesTo(subscription).map((p) => p.payload)).toEqual([
      {
        title: "Text reminders are paused",
        body: "Check your phone number & try again.",
        url: "/app/settings",
        tag: expect.stringMatching(/^notification-/),
        actions: [],
      },
    ]);
  });
});

describe("without ALLOW_PRIVATE_WEBHOOKS", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await build();
  });
  afterAll(async () => strict?.close());

  it("refuses a push service on a loopback address, and an http one", async () => {
    const user = await createUser(strict.app);
    const local = push.subscribe().json;
    const asHttps = { ...local, endpoint: local.endpoint.replace("http:", "https:") };
    const refused = await subscribe(user, asHttps, strict.app);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("private network");
    const plain = await subscribe(user, local, strict.app);
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain("must be an https:// address");
    expect(await devicesOf(user, strict.app)).toEqual([]);
  });

  it("keeps its generated VAPID key pair in DATA_DIR, readable by the server alone", async () => {
    const user = await createUser(strict.app);
    const config = (await injectAs(strict.app, user, { url: "/api/push/config" })).json();
    const file = path.join(strict.app.env.DATA_DIR, ".vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // What a restart reads back: the pair the browsers subscribed with.
    expect(JSON.parse(readFileSync(file, "utf8")).publicKey).toBe(config.publicKey);
  });
});
