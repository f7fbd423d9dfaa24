// Event webhooks: each change a person asks for reaches their receiver signed, once, through the
// outbox's retries; the receiver's check holds and a replay is refused; private and metadata
// addresses are refused; another person's webhooks and events stay theirs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact, setNow } from "../../../../tests/helpers/contacts-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { CARD_PATH, createDevice, dav } from "../../../../tests/helpers/dav-kit";
import { startWebhookReceiver } from "../../../../tests/helpers/webhook-receiver";
import type { WebhookDelivery, WebhookEventType } from "../../../core/webhooks";

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // The receiver listens on 127.0.0.1, which only a self-hosted server may be allowed to call.
  t = await build({ ALLOW_PRIVATE_WEBHOOKS: "true" });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function addWebhook(
  user: TestUser,
  url: string,
  events: WebhookEventType[] = ["contact.created", "contact.updated", "interaction.logged"],
) {
  const res = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/webhooks",
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string }>();
}

async function deliveriesOf(user: TestUser, webhookId: string) {
  const res = await injectAs(t.app, user, {
    method: "GET",
    url: `/api/webhooks/${webhookId}/deliveries`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: WebhookDelivery[] }>().items;
}

function eventsFor(contactId: string) {
  return receiver.received
    .map((r) => r.event as { type: string; data: { contact: { id: string } } })
    .filter((e) => e.data.contact?.id === contactId);
}

describe("event webhooks", () => {
  it("sends signed events for the changes chosen, shows the secret once, and logs each delivery", async () => {
    const user = await createUser(t.app);
    const { id, secret } = await addWebhook(user, receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    receiver.state.secret = secret;

    const list = await injectAs(t.app, user, { method: "GET", url: "/api/webhooks" });
    expect(list.json().items).toEqual([
      {
        id,
        url: receiver.url,
        events: ["contact.created", "contact.updated", "interaction.logged"],
        createdAt: expect.any(String),
      },
    ]);
    expect(list.body).not.toContain(secret);

    const ada = await addContact(t.app, user, { firstName: "Ada", lastName: "Lovelace" });
    const logged = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${ada.id}/interactions`,
      payload: { channel: "phone", note: "Talked about engines" },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    // Not chosen: no event.
    await injectAs(t.app, user, { method: "POST", url: `/api/contacts/${ada.id}/archive` });
    await t.app.outbox.drain();

    const types = receiver.received
      .filter((r) => JSON.stringify(r.event).includes(ada.id))
      .map((r) => r.event.type);
    expect(types).toEqual(["contact.created", "interaction.logged"]);
    const created = receiver.received.find((r) => r.event.type === "contact.created")!;
    expect(created.event).toMatchObject({
      id: expect.any(String),
      type: "contact.created",
      data: { contact: { id: ada.id, firstName: "Ada", lastName: "Lovelace" } },
    });
    expect(created.headers["tend-delivery"]).toBe(created.event.id);
    expect(created.headers["tend-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const call = receiver.received.find((r) => r.event.type === "interaction.logged")!;
    expect(call.event).toMatchObject({
      data: {
        interaction: { contactId: ada.id, channel: "phone", note: "Talked about engines" },
        contact: { id: ada.id, name: "Ada Lovelace" },
      },
    });
    expect(receiver.refused).toEqual([]);

    const log = await deliveriesOf(user, id);
    expect(log.map((d) => [d.event, d.status, d.responseStatus, d.attempts])).toEqual([
      ["interaction.logged", "sent", 200, 1],
      ["contact.created", "sent", 200, 1],
    ]);
  });

  it("is refused by the receiver when replayed or signed outside its time window", async () => {
    const user = await createUser(t.app);
    const { secret } = await addWebhook(user, receiver.url, ["contact.created"]);
    receiver.state.secret = secret;
    const grace = await addContact(t.app, user, { firstName: "Grace" });
    await t.app.outbox.drain();
    const got = receiver.received.find((r) => r.body.includes(grace.id));
    expect(got).toBeDefined();

    const replay = await fetch(receiver.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "tend-signature": got!.headers["tend-signature"]!,
        "tend-delivery": got!.headers["tend-delivery"]!,
      },
      body: got!.body,
    });
    expect(replay.status).toBe(400);
    expect(receiver.refused.at(-1)?.reason).toBe("replayed signature");

    // A receiver ten minutes ahead finds Tend's timestamp too old.
    const realNow = receiver.state.now;
    receiver.state.now = () => realNow() + 10 * 60;
    try {
      await addContact(t.app, user, { firstName: "Alan" });
      await t.app.outbox.drain();
      expect(receiver.refused.at(-1)?.reason).toBe("timestamp outside the window");
    } finally {
      receiver.state.now = realNow;
    }
  });

  it("retries after a 500 with backoff, then succeeds once; Resend sends the same event again", async () => {
    const user = await createUser(t.app);
    const { id, secret } = await addWebhook(user, receiver.url, ["contact.created"]);
    receiver.state.secret = secret;
    setNow(t.app, "2026-06-01T10:00:00Z");
    receiver.state.respondWith = 500;
    let eventId: string;
    try {
      const alan = await addContact(t.app, user, { firstName: "Alan", lastName: "Turing" });
      await t.app.outbox.drain();
      const [failed] = await deliveriesOf(user, id);
      expect(failed).toMatchObject({ status: "pending", responseStatus: 500, attempts: 1 });
      expect(failed!.lastError).toMatch(/answered 500/);
      eventId = failed!.id;
      expect(eventsFor(alan.id)).toEqual([]);

      // Not before its backoff.
      setNow(t.app, "2026-06-01T10:00:10Z");
      await t.app.outbox.drain();
      expect((await deliveriesOf(user, id))[0]!.attempts).toBe(1);
    } finally {
      receiver.state.respondWith = null;
    }
    setNow(t.app, "2026-06-01T10:01:00Z");
    await t.app.outbox.drain();
    const [sent] = await deliveriesOf(user, id);
    expect(sent).toMatchObject({ id: eventId, status: "sent", responseStatus: 200, attempts: 2 });
    expect(receiver.received.filter((r) => r.event.id === eventId)).toHaveLength(1);

    // A new second: the same body signed in the same second is, rightly, a replay to the receiver.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
    const requestsBefore = receiver.state.requests;
    const resend = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/webhooks/${id}/deliveries/${eventId}/resend`,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ id: eventId, status: "pending" });
    await t.app.outbox.drain();
    expect(receiver.state.requests).toBe(requestsBefore + 1);
    // Same event id: a receiver that keeps its ids handles it once.
    expect(receiver.state.duplicates).toBe(1);
    expect(receiver.received.filter((r) => r.event.id === eventId)).toHaveLength(1);
    expect((await deliveriesOf(user, id))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends another person's events only to their webhooks, and answers 404 for their ids", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = await addWebhook(owner, receiver.url, ["contact.created"]);
    receiver.state.secret = mine.secret;
    const theirs = await startWebhookReceiver();
    try {
      const hook = await addWebhook(other, theirs.url, ["contact.created"]);
      theirs.state.secret = hook.secret;
      const ada = await addContact(t.app, owner, { firstName: "Ada" });
      await t.app.outbox.drain();
      expect(eventsFor(ada.id)).toHaveLength(1);
      expect(theirs.state.requests).toBe(0);

      const [delivery] = await deliveriesOf(owner, mine.id);
      for (const request of [
        { method: "DELETE" as const, url: `/api/webhooks/${mine.id}` },
        { method: "GET" as const, url: `/api/webhooks/${mine.id}/deliveries` },
        {
          method: "POST" as const,
          url: `/api/webhooks/${mine.id}/deliveries/${delivery!.id}/resend`,
        },
        {
          method: "POST" as const,
          url: `/api/webhooks/${hook.id}/deliveries/${delivery!.id}/resend`,
        },
        { method: "DELETE" as const, url: "/api/webhooks/not-an-id" },
      ]) {
        const res = await injectAs(t.app, other, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
      const list = await injectAs(t.app, other, { method: "GET", url: "/api/webhooks" });
      expect(list.json().items.map((w: { id: string }) => w.id)).toEqual([hook.id]);

      const removed = await injectAs(t.app, owner, {
        method: "DELETE",
        url: `/api/webhooks/${mine.id}`,
      });
      expect(removed.statusCode).toBe(204);
      const requests = receiver.state.requests;
      await addContact(t.app, owner, { firstName: "Gone" });
      await t.app.outbox.drain();
      expect(receiver.state.requests).toBe(requests);
    } finally {
      await theirs.close();
    }
  });

  it("refuses bad input with a message per field", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/webhooks",
      payload: { url: " ", events: ["contact.deleted"] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["events.0", "url"]);
    const none = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/webhooks",
      payload: { url: "https://example.com/hook", events: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.events).toBe("Choose at least one event to send.");
  });
});

describe("event webhooks without ALLOW_PRIVATE_WEBHOOKS", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await build();
  });
  afterAll(async () => strict?.close());

  it("refuses loopback, private and metadata addresses, and plain http", async () => {
    const user = await createUser(strict.app);
    const cases: [string, RegExp][] = [
      ["https://127.0.0.1/hook", /private network/],
      ["https://10.1.2.3/hook", /private network/],
      ["https://[::ffff:10.0.0.1]/hook", /private network/],
      ["https://169.254.169.254/latest/meta-data", /link-local or cloud metadata/],
      ["http://example.com/hook", /https:\/\//],
      ["not a url", /not a web address/],
    ];
    for (const [url, message] of cases) {
      const res = await injectAs(strict.app, user, {
        method: "POST",
        url: "/api/webhooks",
        payload: { url, events: ["contact.created"] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.url, url).toMatch(message);
    }
    const list = await injectAs(strict.app, user, { method: "GET", url: "/api/webhooks" });
    expect(list.json().items).toEqual([]);
  });

  it("still never calls a metadata address when private ones are allowed", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/webhooks",
      payload: { url: "http://169.254.169.254/latest", events: ["contact.created"] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.url).toMatch(/link-local or cloud metadata/);
  });

  it("sends contact.created for a card a phone adds", async () => {
    const user = await createUser(t.app);
    const { secret } = await addWebhook(user, receiver.url, ["contact.created"]);
    receiver.state.secret = secret;
    const device = await createDevice(t.app, user, { access: "read-write" });
    const card = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Hedy Lamarr",
      "N:Lamarr;Hedy;;;",
      "END:VCARD",
      "",
    ];
    const put = await dav(t.app, device, {
      method: "PUT",
      url: `${CARD_PATH}hedy.vcf`,
      body: card.join("\r\n"),
      headers: { "content-type": "text/vcard", "if-none-match": "*" },
    });
    expect(put.statusCode, put.body).toBe(201);
    await t.app.outbox.drain();
    const created = receiver.received.find(
      (r) => r.event.type === "contact.created" && JSON.stringify(r.event).includes("Hedy"),
    );
    expect(created?.event).toMatchObject({
      data: { contact: { firstName: "Hedy", lastName: "Lamarr" } },
    });
  });
});
