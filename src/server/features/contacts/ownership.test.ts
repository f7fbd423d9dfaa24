// Another user's contact or history id answers 404 on every route and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Contact } from "../../../core/contacts";
import type { InteractionResult } from "../../../core/interactions";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";

describe("contacts ownership", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let theirs: Contact;
  let theirInteractionId: string;
  let mine: Contact;
  beforeAll(async () => {
    t = await build();
    owner = await createUser(t.app);
    other = await createUser(t.app);
    theirs = await addContact(t.app, owner, {
      firstName: "Private",
      tags: ["secret-tag"],
      rhythm: { interval: 1, unit: "week" },
    });
    const logged = await injectAs(t.app, owner, {
      method: "POST",
      url: `/api/contacts/${theirs.id}/interactions`,
      payload: { note: "private note" },
    });
    const result = logged.json<InteractionResult>();
    theirInteractionId = result.interaction!.id;
    theirs = result.contact;
    mine = await addContact(t.app, other, { firstName: "Mine" });
  });
  afterAll(async () => t.close());

  const routes = (contactId: string, interactionId: string) =>
    [
      ["GET", `/api/contacts/${contactId}`, undefined],
      ["PATCH", `/api/contacts/${contactId}`, { firstName: "Hacked" }],
      ["DELETE", `/api/contacts/${contactId}`, undefined],
      ["POST", `/api/contacts/${contactId}/archive`, undefined],
      ["POST", `/api/contacts/${contactId}/unarchive`, undefined],
      ["GET", `/api/contacts/${contactId}/interactions`, undefined],
      ["POST", `/api/contacts/${contactId}/interactions`, {}],
      ["PATCH", `/api/contacts/${contactId}/interactions/${interactionId}`, { note: "x" }],
      ["DELETE", `/api/contacts/${contactId}/interactions/${interactionId}`, undefined],
      ["POST", `/api/contacts/${contactId}/snooze`, { days: 3 }],
      ["DELETE", `/api/contacts/${contactId}/snooze`, undefined],
      ["POST", "/api/contacts/bulk/rhythm", { contactIds: [contactId], rhythm: null }],
    ] as const;

  it("answers 404 for another user's contact id on every route", async () => {
    for (const [method, url, payload] of routes(theirs.id, theirInteractionId)) {
      const res = await injectAs(t.app, other, { method, url, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain("Private");
    }
    expect(await getContact(t.app, owner, theirs.id)).toEqual(theirs);
  });

  it("answers 404 for another user's history id under one's own contact", async () => {
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await injectAs(t.app, other, {
        method,
        url: `/api/contacts/${mine.id}/interactions/${theirInteractionId}`,
        payload: method === "PATCH" ? { note: "x" } : undefined,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    const history = await injectAs(t.app, owner, {
      url: `/api/contacts/${theirs.id}/interactions`,
    });
    expect(history.json().items).toMatchObject([{ id: theirInteractionId, note: "private note" }]);
  });

  it("answers 404, not 400 or 500, for ids that are not ids at all", async () => {
    for (const [method, url, payload] of routes("not-a-uuid", "nor-this")) {
      if (url.includes("bulk")) continue;
      const res = await injectAs(t.app, owner, { method, url, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
  });

  it("never lists or counts another user's contacts or tags", async () => {
    const list = await injectAs(t.app, other, { url: "/api/contacts" });
    expect(list.json()).toMatchObject({ total: 1, counts: { all: 1 } });
    expect(list.json().items.map((c: Contact) => c.id)).toEqual([mine.id]);
    expect((await injectAs(t.app, other, { url: "/api/contacts?q=private" })).json().items).toEqual(
      [],
    );
    const tags = await injectAs(t.app, other, { url: "/api/contacts/tags" });
    expect(tags.json()).toEqual({ tags: [] });
    const bulkByTag = await injectAs(t.app, other, {
      method: "POST",
      url: "/api/contacts/bulk/rhythm",
      payload: { tag: "secret-tag", rhythm: null },
    });
    expect(bulkByTag.json()).toEqual({ updated: 0, overwritten: 0, matched: 0, undoId: null });
    expect((await getContact(t.app, owner, theirs.id)).rhythm).not.toBeNull();
  });

  it("documents the contacts routes in the OpenAPI description", async () => {
    const res = await t.app.inject({ url: "/api/docs/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        "/api/contacts",
        "/api/contacts/{id}",
        "/api/contacts/{id}/interactions/{interactionId}",
        "/api/contacts/{id}/snooze",
      ]),
    );
  });
});

describe("contacts need an active subscription", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local" });
  });
  afterAll(async () => t.close());

  it("answers 402 to a signed-in user without one", async () => {
    const user = await createUser(t.app);
    for (const [method, url] of [
      ["GET", "/api/contacts"],
      ["POST", "/api/contacts"],
      ["GET", "/api/contacts/tags"],
    ] as const) {
      const res = await injectAs(t.app, user, { method, url, payload: { firstName: "A" } });
      expect(res.statusCode, `${method} ${url}`).toBe(402);
    }
  });
});
