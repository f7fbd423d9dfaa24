import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import type { Relationship } from "../../../core/relationships";

describe("relationships between contacts", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(async () => t.close());

  const request = async <T>(
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: unknown,
    as = user,
  ) => {
    const res = await injectAs(t.app, as, { method, url, payload: payload as object });
    const body = res.body ? res.json<T & { error?: { message: string } }>() : ({} as never);
    return { status: res.statusCode, body };
  };
  const linksOf = async (id: string, as = user) =>
    (
      await request<{ relationships: Relationship[] }>(
        "GET",
        `/api/contacts/${id}/relationships`,
        undefined,
        as,
      )
    ).body.relationships;
  const summary = (links: Relationship[]) =>
    links.map((l) => `${l.other.firstName}: ${l.type}${l.other.isArchived ? " (archived)" : ""}`);

  it("stores a link once and reads it from both sides with the inverse wording", async () => {
    const sam = await addContact(t.app, user, { firstName: "Sam" });
    const jo = await addContact(t.app, user, { firstName: "Jo" });
    const ann = await addContact(t.app, user, { firstName: "Ann" });
    const kim = await addContact(t.app, user, { firstName: "Kim" });
    const post = (from: string, to: string, type: string) =>
      request<Relationship>("POST", `/api/contacts/${from}/relationships`, {
        relatedContactId: to,
        type,
      });
    const partner = await post(sam.id, jo.id, "partner");
    expect(partner.status, JSON.stringify(partner.body)).toBe(201);
    expect(partner.body).toMatchObject({ type: "partner", other: { id: jo.id, firstName: "Jo" } });
    expect((await post(ann.id, sam.id, "Parent")).status).toBe(201);
    expect((await post(sam.id, kim.id, "manager")).status).toBe(201);
    expect((await post(jo.id, kim.id, "  Godparent ")).status).toBe(201);

    expect(summary(await linksOf(sam.id))).toEqual(["Ann: child", "Jo: partner", "Kim: manager"]);
    expect(summary(await linksOf(jo.id))).toEqual(["Kim: Godparent", "Sam: partner"]);
    expect(summary(await linksOf(ann.id))).toEqual(["Sam: parent"]);
    expect(summary(await linksOf(kim.id))).toEqual(["Jo: Godparent", "Sam: report"]);

    // The same link made from the other side, or in another case, is a duplicate.
    const again = await post(jo.id, sam.id, "Partner");
    expect(again.status).toBe(400);
    expect(again.body.error!.message).toBe("That link is there already: Sam — Jo’s partner.");
    expect((await post(sam.id, ann.id, "child")).status).toBe(400);
    expect((await post(kim.id, jo.id, "godparent")).status).toBe(400);
    // A different type between the same two is a second link.
    expect((await post(jo.id, sam.id, "friend")).status).toBe(201);

    const self = await post(sam.id, sam.id, "friend");
    expect(self.status).toBe(400);
    expect(self.body.error!.message).toBe(
      "A contact can't be related to themselves. Choose someone else.",
    );
    const blank = await post(sam.id, jo.id, "   ");
    expect(blank.status).toBe(400);
    expect(blank.body.error!.message).toMatch(/Choose a type, or type a word of your own/);
    expect((await post(sam.id, jo.id, "x".repeat(41))).status).toBe(400);
  });

  it("answers 404 for another user's contacts and links, and changes nothing", async () => {
    const mine = await addContact(t.app, user, { firstName: "Mine" });
    const mate = await addContact(t.app, user, { firstName: "Mate" });
    const theirs = await addContact(t.app, other, { firstName: "Theirs" });
    const link = await request<Relationship>("POST", `/api/contacts/${mine.id}/relationships`, {
      relatedContactId: mate.id,
      type: "friend",
    });
    expect(link.status).toBe(201);
    expect(
      (
        await request("POST", `/api/contacts/${mine.id}/relationships`, {
          relatedContactId: theirs.id,
          type: "friend",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await request("POST", `/api/contacts/${theirs.id}/relationships`, {
          relatedContactId: mine.id,
          type: "friend",
        })
      ).status,
    ).toBe(404);
    expect(
      (await request("GET", `/api/contacts/${mine.id}/relationships`, undefined, other)).status,
    ).toBe(404);
    expect(
      (
        await request(
          "DELETE",
          `/api/contacts/${mine.id}/relationships/${link.body.id}`,
          undefined,
          other,
        )
      ).status,
    ).toBe(404);
    // A link of another contact is not this contact's to remove.
    const stranger = await addContact(t.app, user, { firstName: "Stranger" });
    expect(
      (await request("DELETE", `/api/contacts/${stranger.id}/relationships/${link.body.id}`))
        .status,
    ).toBe(404);
    expect((await request("DELETE", `/api/contacts/${mine.id}/relationships/nope`)).status).toBe(
      404,
    );
    expect((await request("GET", `/api/contacts/not-an-id/relationships`)).status).toBe(404);
    expect(summary(await linksOf(mine.id))).toEqual(["Mate: friend"]);
  });

  it("removes a link with an undo that puts the same row back", async () => {
    const a = await addContact(t.app, user, { firstName: "Ada" });
    const b = await addContact(t.app, user, { firstName: "Bea" });
    const made = await request<Relationship>("POST", `/api/contacts/${a.id}/relationships`, {
      relatedContactId: b.id,
      type: "sibling",
    });
    const removed = await request<{ undoId: string }>(
      "DELETE",
      `/api/contacts/${b.id}/relationships/${made.body.id}`,
    );
    expect(removed.status).toBe(200);
    expect(await linksOf(a.id)).toEqual([]);
    // Another user cannot use the undo.
    expect(
      (await request("POST", `/api/contacts/undo/${removed.body.undoId}`, undefined, other)).status,
    ).toBe(404);
    const undone = await request("POST", `/api/contacts/undo/${removed.body.undoId}`);
    expect(undone.status).toBe(200);
    expect(await linksOf(a.id)).toEqual([made.body]);
    expect((await request("POST", `/api/contacts/undo/${removed.body.undoId}`)).status).toBe(404);
  });

  it("keeps an archived contact's links, marked, and a deleted contact's links go", async () => {
    const a = await addContact(t.app, user, { firstName: "Cai" });
    const b = await addContact(t.app, user, { firstName: "Dee" });
    await request("POST", `/api/contacts/${a.id}/relationships`, {
      relatedContactId: b.id,
      type: "colleague",
    });
    expect((await request("POST", `/api/contacts/${b.id}/archive`)).status).toBe(200);
    expect(summary(await linksOf(a.id))).toEqual(["Dee: colleague (archived)"]);
    expect((await request("DELETE", `/api/contacts/${b.id}`)).status).toBe(204);
    expect(await linksOf(a.id)).toEqual([]);
  });
});
