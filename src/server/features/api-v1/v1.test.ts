// /api/v1 end to end with a personal access token: every answer checked against the OpenAPI
// document the API serves, ETags and If-Match, Idempotency-Key, filters, who is due, and
// webhooks that deliver signed events to a local receiver.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { idempotencyKeys } from "../../db/schema/index";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { setNow } from "../../../../tests/helpers/contacts-test-kit";
import { createOpenApiCheck, type OpenApiDocument } from "../../../../tests/helpers/openapi-check";
import { TOKEN } from "../../../../tests/helpers/route-inventory";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { startWebhookReceiver } from "../../../../tests/helpers/webhook-receiver";

describe("/api/v1", () => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  let openapi: ReturnType<typeof createOpenApiCheck>;
  const problems: string[] = [];

  beforeAll(async () => {
    // The webhook receiver listens on 127.0.0.1, which only a self-hosted server may call.
    t = await build({ ALLOW_PRIVATE_WEBHOOKS: "true" });
    setNow(t.app, "2026-12-03T12:00:00Z");
    user = await createUser(t.app);
    token = (await makeToken(t.app, user, { scope: "write" })).token;
    const doc = await t.app.inject({ url: "/api/v1/openapi.json" });
    expect(doc.statusCode).toBe(200);
    openapi = createOpenApiCheck(doc.json<OpenApiDocument>());
  });
  afterAll(async () => t.close());

  /** A token request whose answer must match the document. */
  async function call(options: InjectOptions & { method: string; url: string }, as = token) {
    const res = await injectWithToken(t.app, as, options);
    problems.push(...openapi.check(options.method, options.url, res));
    return res;
  }

  it("serves an OpenAPI 3.1 document of every token route, with examples that fit", async () => {
    const doc = (await t.app.inject({ url: "/api/v1/openapi.json" })).json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(documented.sort()).toEqual([...TOKEN].filter((r) => r.includes("/api/v1/")).sort());
    // Each example is checked as an answer of its operation would be.
    const wrong: string[] = [];
    let examples = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(op.responses ?? {})) {
          const media = answer.content?.["application/json"];
          const given = media?.example === undefined ? [] : [media.example];
          const listed = (media?.schema?.examples as unknown[] | undefined) ?? [];
          for (const example of [...given, ...listed]) {
            examples += 1;
            const fake = { statusCode: Number(status), body: "x", json: () => example };
            wrong.push(...openapi.check(method.toUpperCase(), path, fake as never));
          }
        }
      }
    }
    expect(examples).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
    // The app's own document stays about the app's routes.
    const app = (await t.app.inject({ url: "/api/docs/openapi.json" })).json<OpenApiDocument>();
    expect(Object.keys(app.paths).filter((p) => p.startsWith("/api/v1"))).toEqual([]);
  });

  it("renders the reference as a page", async () => {
    const res = await t.app.inject({ url: "/api/v1/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<code>/api/v1/contacts/{id}</code>");
    expect(res.body).toContain("Log that you were in touch");
    expect(res.body).toContain("Grace");
  });

  it("creates, reads, changes with If-Match, archives and restores a contact", async () => {
    const created = await call({
      method: "POST",
      url: "/api/v1/contacts",
      payload: {
        firstName: "Grace",
        lastName: "Hopper",
        tags: ["friends"],
        rhythm: { interval: 1, unit: "month" },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const etag = created.headers.etag as string;
    expect(etag).toBe(`"${created.json().updatedAt}"`);

    const got = await call({ method: "GET", url: `/api/v1/contacts/${id}` });
    expect(got.headers.etag).toBe(etag);

    setNow(t.app, "2026-12-03T12:01:00Z");
    const changed = await call({
      method: "PATCH",
      url: `/api/v1/contacts/${id}`,
      headers: { "if-match": etag },
      payload: { company: "Navy" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().company).toBe("Navy");
    expect(changed.headers.etag).not.toBe(etag);

    const stale = await call({
      method: "PATCH",
      url: `/api/v1/contacts/${id}`,
      headers: { "if-match": etag },
      payload: { company: "Someone else's edit" },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.code).toBe("PRECONDITION_FAILED");
    const nonsense = await call({
      method: "PATCH",
      url: `/api/v1/contacts/${id}`,
      headers: { "if-match": '"yesterday"' },
      payload: { company: "x" },
    });
    expect(nonsense.statusCode).toBe(412);
    expect((await call({ method: "GET", url: `/api/v1/contacts/${id}` })).json().company).toBe(
      "Navy",
    );

    const archived = await call({ method: "POST", url: `/api/v1/contacts/${id}/archive` });
    expect(archived.json().archivedAt).not.toBeNull();
    const listed = await call({ method: "GET", url: "/api/v1/contacts?archived=true" });
    expect(listed.json().items.map((c: { id: string }) => c.id)).toEqual([id]);
    const restored = await call({ method: "POST", url: `/api/v1/contacts/${id}/restore` });
    expect(restored.json().archivedAt).toBeNull();

    const invalid = await call({
      method: "POST",
      url: "/api/v1/contacts",
      payload: { company: "No name" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty("firstName");
  });

  it("logs, lists and deletes history, and moves who is due", async () => {
    const contact = (
      await call({
        method: "POST",
        url: "/api/v1/contacts",
        payload: {
          firstName: "Ada",
          rhythm: { interval: 1, unit: "week" },
          lastContactedOn: "2026-11-01",
        },
      })
    ).json();
    const due = await call({ method: "GET", url: "/api/v1/contacts/due" });
    expect(due.json().items.map((c: { id: string }) => c.id)).toContain(contact.id);
    expect(due.json().today).toBe("2026-12-03");

    const logged = await call({
      method: "POST",
      url: `/api/v1/contacts/${contact.id}/interactions`,
      payload: { channel: "phone", note: "Called about the conference" },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().contact.state).toBe("on_track");
    const after = await call({ method: "GET", url: "/api/v1/contacts/due" });
    expect(after.json().items.map((c: { id: string }) => c.id)).not.toContain(contact.id);
    const upcoming = await call({ method: "GET", url: "/api/v1/contacts/due?withinDays=7" });
    expect(upcoming.json().items.map((c: { id: string }) => c.id)).toContain(contact.id);

    const history = await call({
      method: "GET",
      url: `/api/v1/contacts/${contact.id}/interactions`,
    });
    expect(history.json().items).toHaveLength(2);
    const removed = await call({
      method: "DELETE",
      url: `/api/v1/contacts/${contact.id}/interactions/${logged.json().interaction.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call({ method: "GET", url: "/api/v1/contacts/due" }))
        .json()
        .items.map((c: { id: string }) => c.id),
    ).toContain(contact.id);

    const snoozed = await call({
      method: "POST",
      url: `/api/v1/contacts/${contact.id}/snooze`,
      payload: { days: 3 },
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(snoozed.json().isSnoozed).toBe(true);
    const tags = await call({ method: "GET", url: "/api/v1/tags" });
    expect(tags.statusCode).toBe(200);
  });

  it("answers a repeated POST with the same Idempotency-Key once", async () => {
    const send = () =>
      call({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "idempotency-key": "create-linus-1" },
        payload: { firstName: "Linus" },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
    const all = await call({ method: "GET", url: "/api/v1/contacts?q=linus" });
    expect(all.json().items).toHaveLength(1);
    const reused = await call({
      method: "POST",
      url: "/api/v1/contacts",
      headers: { "idempotency-key": "create-linus-1" },
      payload: { firstName: "Someone else" },
    });
    expect(reused.statusCode).toBe(422);
  });

  it("filters by due state, tag, updatedSince and words", async () => {
    const other = await createUser(t.app);
    const own = (await makeToken(t.app, other, { scope: "write" })).token;
    const add = async (body: Record<string, unknown>) =>
      (await call({ method: "POST", url: "/api/v1/contacts", payload: body }, own)).json();
    const overdue = await add({
      firstName: "Olga",
      tags: ["Work"],
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: "2026-10-01",
    });
    const none = await add({ firstName: "Nadia", notes: "loves sailing" });
    // updatedAt is the database's time, not the app's clock.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await add({ firstName: "Lars", tags: ["work"] });
    const ids = async (query: string) =>
      (await call({ method: "GET", url: `/api/v1/contacts?${query}` }, own))
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort();
    expect(await ids("state=overdue")).toEqual([overdue.id]);
    expect(await ids("state=no_rhythm")).toEqual([none.id, later.id].sort());
    expect(await ids("tag=WORK")).toEqual([overdue.id, later.id].sort());
    expect(await ids("q=sailing")).toEqual([none.id]);
    expect(await ids(`updatedSince=${encodeURIComponent(since)}`)).toEqual([later.id]);
    const bad = await call({ method: "GET", url: "/api/v1/contacts?cursor=not-a-cursor" }, own);
    expect(bad.statusCode).toBe(400);
    const badDate = await call(
      { method: "GET", url: "/api/v1/contacts?updatedSince=last-week" },
      own,
    );
    expect(badDate.statusCode).toBe(400);
  });

  it("sets a group's rhythm, changes the reminder schedule and exports only the caller's account", async () => {
    const owner = await createUser(t.app);
    const own = (await makeToken(t.app, owner, { scope: "write" })).token;
    const reader = (await makeToken(t.app, owner, { scope: "read" })).token;
    for (const firstName of ["Mara", "Theo"]) {
      await call(
        {
          method: "POST",
          url: "/api/v1/contacts",
          payload: { firstName, tags: ["Close friends"] },
        },
        own,
      );
    }
    await call(
      {
        method: "POST",
        url: "/api/v1/contacts",
        payload: {
          firstName: "Ines",
          tags: ["close friends"],
          rhythm: { interval: 3, unit: "month" },
        },
      },
      own,
    );
    const url = `/api/v1/groups/${encodeURIComponent("close friends")}`;
    const refused = await call(
      { method: "PUT", url, payload: { rhythm: { interval: 2, unit: "week" } } },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    const set = await call(
      { method: "PUT", url, payload: { rhythm: { interval: 2, unit: "week" } } },
      own,
    );
    expect(set.statusCode, set.body).toBe(200);
    // Ines keeps her own rhythm; the two without one follow the group.
    expect(set.json()).toMatchObject({ contacts: 3, followers: 2, updated: 2 });
    const groups = (await call({ method: "GET", url: "/api/v1/groups" }, reader)).json().tags;
    expect(groups).toEqual([
      { tag: "Close friends", count: 3, rhythm: { interval: 2, unit: "week" }, followers: 2 },
    ]);
    const mara = (await call({ method: "GET", url: "/api/v1/contacts?q=mara" }, own)).json()
      .items[0];
    expect(mara.rhythm).toEqual({ interval: 2, unit: "week" });
    const missing = await call({ method: "PUT", url, payload: {} }, own);
    expect(missing.statusCode).toBe(400);

    const schedule = await call({ method: "GET", url: "/api/v1/reminders/schedule" }, reader);
    expect(schedule.statusCode, schedule.body).toBe(200);
    const changed = await call(
      {
        method: "PUT",
        url: "/api/v1/reminders/schedule",
        payload: {
          reminderMethod: "email",
          reminderFrequency: 2,
          reminderCadence: "weeks",
          reminderTime: "7",
          timezone: "Pacific/Auckland",
        },
      },
      own,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      reminderFrequency: 2,
      reminderTime: "7",
      timezone: "Pacific/Auckland",
    });
    expect(changed.json().nextScheduledAt).not.toBeNull();
    const wrong = await call(
      {
        method: "PUT",
        url: "/api/v1/reminders/schedule",
        payload: {
          reminderMethod: "email",
          reminderFrequency: 2,
          reminderCadence: "weeks",
          reminderTime: "7",
          timezone: "Mars/Olympus",
        },
      },
      own,
    );
    expect(wrong.statusCode).toBe(400);
    expect(
      (await call({ method: "GET", url: "/api/v1/reminders/schedule" }, own)).json().timezone,
    ).toBe("Pacific/Auckland");
    const deliveries = await call({ method: "GET", url: "/api/v1/reminders/deliveries" }, reader);
    expect(deliveries.statusCode).toBe(200);
    expect(Array.isArray(deliveries.json().deliveries)).toBe(true);

    const exported = await call({ method: "GET", url: "/api/v1/export" }, reader);
    expect(exported.statusCode, exported.body).toBe(200);
    const names = exported
      .json()
      .contacts.map((c: { firstName: string }) => c.firstName)
      .sort();
    expect(names).toEqual(["Ines", "Mara", "Theo"]);
    expect(exported.json().account.email).toBe(owner.email);
  });

  it("adds a webhook that gets signed events, logs and resends them, and keeps others out", async () => {
    const owner = await createUser(t.app);
    const own = (await makeToken(t.app, owner, { scope: "write" })).token;
    const reader = (await makeToken(t.app, owner, { scope: "read" })).token;
    const stranger = (await makeToken(t.app, await createUser(t.app), { scope: "write" })).token;
    const receiver = await startWebhookReceiver();
    try {
      const add = (as: string, key = "hook-1") =>
        call(
          {
            method: "POST",
            url: "/api/v1/webhooks",
            headers: { "idempotency-key": key },
            payload: { url: receiver.url, events: ["contact.created"] },
          },
          as,
        );
      const refused = await add(reader, "hook-read");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/can only read/);

      const made = await add(own);
      expect(made.statusCode, made.body).toBe(201);
      const { id, secret } = made.json<{ id: string; secret: string }>();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      // A retry with the same key gets the same webhook and secret; the key's record keeps no secret.
      const again = await add(own);
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual({ id, secret });
      const [record] = await t.app.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, "hook-1"));
      expect(record?.responseBody).toBe(JSON.stringify({ id }));

      const list = await call({ method: "GET", url: "/api/v1/webhooks" }, reader);
      expect(list.json().items).toEqual([
        { id, url: receiver.url, events: ["contact.created"], createdAt: expect.any(String) },
      ]);
      expect(list.body).not.toContain(secret);

      receiver.state.secret = secret;
      const contact = await call(
        { method: "POST", url: "/api/v1/contacts", payload: { firstName: "Katherine" } },
        own,
      );
      await t.app.outbox.drain();
      expect(receiver.refused).toEqual([]);
      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      expect(got!.headers["tend-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(got!.event).toMatchObject({
        type: "contact.created",
        data: { contact: { id: contact.json().id, firstName: "Katherine" } },
      });
      const log = await call({ method: "GET", url: `/api/v1/webhooks/${id}/deliveries` }, reader);
      const [delivery] = log.json().items;
      expect(delivery).toMatchObject({
        id: got!.event.id,
        event: "contact.created",
        status: "sent",
        responseStatus: 200,
        attempts: 1,
      });

      const resendUrl = `/api/v1/webhooks/${id}/deliveries/${delivery.id}/resend`;
      expect((await call({ method: "POST", url: resendUrl }, reader)).statusCode).toBe(403);
      // A new second: the same body signed in the same second is, rightly, a replay to the receiver.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
      const resent = await call({ method: "POST", url: resendUrl }, own);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ id: delivery.id, status: "pending" });
      await t.app.outbox.drain();
      expect(receiver.state.duplicates).toBe(1);
      expect(receiver.refused).toEqual([]);

      // Another account's token: its ids are not found, and its list is its own.
      for (const request of [
        { method: "GET", url: `/api/v1/webhooks/${id}/deliveries` },
        { method: "POST", url: resendUrl },
        { method: "DELETE", url: `/api/v1/webhooks/${id}` },
        { method: "DELETE", url: "/api/v1/webhooks/not-an-id" },
      ]) {
        const res = await call(request, stranger);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json().error.code).toBe("NOT_FOUND");
      }
      expect((await call({ method: "GET", url: "/api/v1/webhooks" }, stranger)).json()).toEqual({
        items: [],
      });

      const metadata = await call(
        {
          method: "POST",
          url: "/api/v1/webhooks",
          payload: { url: "http://169.254.169.254/latest/meta-data", events: ["contact.created"] },
        },
        own,
      );
      expect(metadata.statusCode).toBe(400);
      expect(metadata.json().error.fields.url).toMatch(/link-local or cloud metadata/);

      const remove = { method: "DELETE", url: `/api/v1/webhooks/${id}` };
      expect((await call(remove, reader)).statusCode).toBe(403);
      expect((await call(remove, own)).statusCode).toBe(204);
      expect((await call({ method: "GET", url: "/api/v1/webhooks" }, own)).json().items).toEqual(
        [],
      );
      const gone = await add(own);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toMatch(/removed since/);
      await call(
        { method: "POST", url: "/api/v1/contacts", payload: { firstName: "Dorothy" } },
        own,
      );
      await t.app.outbox.drain();
      expect(receiver.state.requests).toBe(2);
    } finally {
      await receiver.close();
    }
  });

  it("reads a contact with its relationships and household, never another account's", async () => {
    const ids: Record<string, string> = {};
    for (const firstName of ["Sam", "Jo", "Kim"]) {
      const res = await call({
        method: "POST",
        url: "/api/v1/contacts",
        payload: { firstName, lastName: "Carter" },
      });
      ids[firstName] = res.json().id;
    }
    const linked = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${ids.Jo}/relationships`,
      payload: { relatedContactId: ids.Sam, type: "child" },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const home = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/households",
      payload: { name: "The Carters", contactIds: [ids.Sam, ids.Jo] },
    });
    expect(home.statusCode, home.body).toBe(201);

    const sam = await call({ method: "GET", url: `/api/v1/contacts/${ids.Sam}` });
    expect(sam.statusCode, sam.body).toBe(200);
    expect(sam.json()).toMatchObject({
      firstName: "Sam",
      relationships: [{ type: "parent", contactId: ids.Jo, name: "Jo Carter", isArchived: false }],
      household: {
        id: home.json().id,
        name: "The Carters",
        members: expect.arrayContaining([
          { id: ids.Sam, name: "Sam Carter" },
          { id: ids.Jo, name: "Jo Carter" },
        ]),
      },
    });
    const jo = await call({ method: "GET", url: `/api/v1/contacts/${ids.Jo}` });
    expect(jo.json().relationships).toEqual([
      { type: "child", contactId: ids.Sam, name: "Sam Carter", isArchived: false },
    ]);
    const kim = await call({ method: "GET", url: `/api/v1/contacts/${ids.Kim}` });
    expect(kim.json()).toMatchObject({ relationships: [], household: null });

    const stranger = await createUser(t.app);
    const theirs = (await makeToken(t.app, stranger, { scope: "read" })).token;
    const refused = await call({ method: "GET", url: `/api/v1/contacts/${ids.Sam}` }, theirs);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("Carter");
  });

  it("matched the document with every answer, and exercised every token route", () => {
    expect(problems).toEqual([]);
    const exercised = new Set([...openapi.checked].map((c) => c.split(" ").slice(0, 2).join(" ")));
    const missing = [...TOKEN]
      .filter((r) => r.includes("/api/v1/"))
      .map((r) => r.replace(/:(\w+)/g, "{$1}"))
      .filter((r) => !exercised.has(r));
    expect(missing).toEqual([]);
  });
});
