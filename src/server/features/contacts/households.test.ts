import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact, getContact, setNow } from "../../../../tests/helpers/contacts-test-kit";
import type { Contact } from "../../../core/contacts";
import type { Household } from "../../../core/households";
import type {
  Interaction,
  LogInteractionResult,
  UndoableContact,
} from "../../../core/interactions";

describe("households", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setNow(t.app, "2025-06-10T12:00:00Z"));

  type Answer<T> = { status: number; body: T & { error?: { message: string } } };
  const request = async <T>(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    as = user,
  ): Promise<Answer<T>> => {
    const res = await injectAs(t.app, as, { method, url, payload: payload as object });
    return { status: res.statusCode, body: res.body ? res.json() : ({} as never) };
  };
  const householdOf = async (id: string, as = user) =>
    (await request<{ household: Household | null }>("GET", `/api/contacts/${id}`, undefined, as))
      .body.household;
  const history = async (id: string) =>
    (await request<{ items: Interaction[] }>("GET", `/api/contacts/${id}/interactions`)).body.items;

  async function carters() {
    const sam = await addContact(t.app, user, { firstName: "Sam", lastName: "Carter" });
    const jo = await addContact(t.app, user, { firstName: "Jo", lastName: "Carter" });
    const created = await request<{ id: string }>("POST", "/api/households", {
      name: " The Carters ",
      contactIds: [sam.id, jo.id, jo.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { sam, jo, id: created.body.id };
  }

  it("creates, lists, renames, changes members and deletes a household; its people stay", async () => {
    const { sam, jo, id } = await carters();
    expect(await householdOf(sam.id)).toEqual({
      id,
      name: "The Carters",
      members: [
        { id: jo.id, name: "Jo Carter" },
        { id: sam.id, name: "Sam Carter" },
      ],
    });
    const list = await request<{ items: Household[] }>("GET", "/api/households");
    expect(list.body.items.find((h) => h.id === id)?.members).toHaveLength(2);

    const max = await addContact(t.app, user, { firstName: "Max", lastName: "Carter" });
    const patched = await request<Household>("PATCH", `/api/households/${id}`, {
      name: "Carters",
      contactIds: [sam.id, max.id],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.name).toBe("Carters");
    expect(patched.body.members.map((m) => m.id).sort()).toEqual([max.id, sam.id].sort());
    expect(await householdOf(jo.id)).toBeNull();

    expect((await request("DELETE", `/api/households/${id}`)).status).toBe(204);
    expect(await householdOf(sam.id)).toBeNull();
    expect((await request("GET", `/api/contacts/${sam.id}`)).status).toBe(200);
    expect((await request("DELETE", `/api/households/${id}`)).status).toBe(404);
  });

  it("answers clear 400s, and 409 for someone already in another household", async () => {
    const { sam } = await carters();
    const noName = await request("POST", "/api/households", { name: "  ", contactIds: [sam.id] });
    expect(noName.status).toBe(400);
    expect(noName.body.error?.message).toMatch(/name/i);
    const nobody = await request("POST", "/api/households", { name: "Empty", contactIds: [] });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error?.message).toMatch(/at least one person/);
    const nothing = await request("PATCH", `/api/households/${sam.id}`, {});
    expect(nothing.status).toBe(400);

    const ana = await addContact(t.app, user, { firstName: "Ana" });
    const taken = await request("POST", "/api/households", {
      name: "Other house",
      contactIds: [ana.id, sam.id],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe(
      "Sam Carter is already in The Carters. Take them out of it first.",
    );
    // Nothing half-written: Ana is in no household and no "Other house" exists.
    expect(await householdOf(ana.id)).toBeNull();
    const list = await request<{ items: Household[] }>("GET", "/api/households");
    expect(list.body.items.map((h) => h.name)).not.toContain("Other house");
  });

  it("answers 404 for another user's household and contacts", async () => {
    const { sam, id } = await carters();
    const mine = await addContact(t.app, other, { firstName: "Olga" });
    expect((await request("PATCH", `/api/households/${id}`, { name: "X" }, other)).status).toBe(
      404,
    );
    expect((await request("DELETE", `/api/households/${id}`, undefined, other)).status).toBe(404);
    expect((await request("PATCH", "/api/households/not-a-uuid", { name: "X" })).status).toBe(404);
    const theirs = await request("POST", "/api/households", {
      name: "Mixed",
      contactIds: [mine.id],
    });
    expect(theirs.status).toBe(404);
    const stolen = await request(
      "POST",
      "/api/households",
      { name: "Stolen", contactIds: [sam.id] },
      other,
    );
    expect(stolen.status).toBe(404);
    const list = await request<{ items: Household[] }>("GET", "/api/households", undefined, other);
    expect(list.body.items).toEqual([]);
    expect((await householdOf(sam.id))?.name).toBe("The Carters");
  });

  it("logs the others who were there with one contact, and one undo takes all back", async () => {
    const { sam, jo } = await carters();
    const before = await Promise.all([sam.id, jo.id].map((id) => getContact(t.app, user, id)));
    const logged = await request<LogInteractionResult>(
      "POST",
      `/api/contacts/${sam.id}/interactions`,
      { channel: "in_person", note: "Dinner at theirs", withContactIds: [jo.id, sam.id] },
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.body.contact.lastContactedAt).toBe("2025-06-10T12:00:00.000Z");
    expect(logged.body.others?.map((c) => [c.id, c.lastContactedAt])).toEqual([
      [jo.id, "2025-06-10T12:00:00.000Z"],
    ]);
    for (const id of [sam.id, jo.id]) {
      expect((await history(id)).map((i) => [i.note, i.channel])).toEqual([
        ["Dinner at theirs", "in_person"],
      ]);
    }
    const undone = await request<{ contacts: Contact[] }>(
      "POST",
      `/api/contacts/undo/${logged.body.undoId}`,
    );
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await history(sam.id)).toEqual([]);
    expect(await history(jo.id)).toEqual([]);
    expect(await Promise.all([sam.id, jo.id].map((id) => getContact(t.app, user, id)))).toEqual(
      before,
    );
    const stranger = await addContact(t.app, other, { firstName: "Olga" });
    const refused = await request("POST", `/api/contacts/${sam.id}/interactions`, {
      withContactIds: [stranger.id],
    });
    expect(refused.status).toBe(404);
    expect(await history(sam.id)).toEqual([]);
  });

  it("a merge moves a copy's household to the contact kept, and undo puts it back", async () => {
    const { sam, jo, id } = await carters();
    const samCopy = await addContact(t.app, user, { firstName: "Sam", lastName: "Carter" });
    // The household is on the copy: Sam (kept) is taken out of it first.
    await request("PATCH", `/api/households/${id}`, { contactIds: [samCopy.id, jo.id] });
    expect(await householdOf(sam.id)).toBeNull();
    const merged = await request<UndoableContact>("POST", "/api/contacts/merge", {
      keepId: sam.id,
      mergeIds: [samCopy.id],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const after = await householdOf(sam.id);
    expect(after?.id).toBe(id);
    expect(after?.members.map((m) => m.id).sort()).toEqual([jo.id, sam.id].sort());

    const undone = await request("POST", `/api/contacts/undo/${merged.body.undoId}`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await householdOf(sam.id)).toBeNull();
    expect((await householdOf(samCopy.id))?.members.map((m) => m.id).sort()).toEqual(
      [jo.id, samCopy.id].sort(),
    );
  });
});
