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
import type { GroupRhythmResult, TagSummary } from "../../../core/group-rhythm-schema";

describe("groups with a rhythm (PUT /api/tags/:name)", () => {
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

  const biweekly = { interval: 2, unit: "week" };
  const monthly = { interval: 1, unit: "month" };
  const put = async (tag: string, body: unknown, as = user) => {
    const res = await injectAs(t.app, as, {
      method: "PUT",
      url: `/api/tags/${encodeURIComponent(tag)}`,
      payload: body as object,
    });
    return {
      status: res.statusCode,
      body: res.json<GroupRhythmResult & { error?: { message: string } }>(),
    };
  };
  const undo = async (undoId: string, as = user) =>
    (await injectAs(t.app, as, { method: "POST", url: `/api/contacts/undo/${undoId}` })).statusCode;
  const tagList = async (as = user) =>
    (await injectAs(t.app, as, { url: "/api/contacts/tags" })).json<{ tags: TagSummary[] }>().tags;
  const list = async () =>
    (await injectAs(t.app, user, { url: "/api/contacts" })).json<{ items: Contact[] }>().items;

  it("moves every follower in one request, leaves own rhythms alone, and one undo restores all", async () => {
    const tag = "Close friends";
    const ada = await addContact(t.app, user, { firstName: "Ada", tags: [tag] });
    const bob = await addContact(t.app, user, {
      firstName: "Bob",
      tags: ["close friends"],
      lastContactedOn: "2025-06-01",
    });
    const own = await addContact(t.app, user, { firstName: "Cy", tags: [tag], rhythm: monthly });
    const before = await Promise.all([ada, bob, own].map((c) => getContact(t.app, user, c.id)));

    const preview = await put("close friends", { rhythm: biweekly, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      tag,
      contacts: 3,
      followers: 2,
      updated: 2,
      undoId: null,
    });
    expect(await getContact(t.app, user, ada.id)).toEqual(before[0]);

    const set = await put("close friends", { rhythm: biweekly });
    expect(set.body).toMatchObject({ tag, rhythm: biweekly, followers: 2, updated: 2 });
    const [a, b, c] = await Promise.all([ada, bob, own].map((x) => getContact(t.app, user, x.id)));
    expect(a).toMatchObject({ rhythm: biweekly, rhythmSource: { tag }, dueDate: "2025-06-24" });
    // Due from the last contact, as any new rhythm is.
    expect(b).toMatchObject({ rhythm: biweekly, rhythmSource: { tag }, dueDate: "2025-06-15" });
    expect(c).toMatchObject({ rhythm: monthly, rhythmSource: null });
    expect(await tagList()).toContainEqual({ tag, count: 3, rhythm: biweekly, followers: 2 });
    // The list (and so the Rhythms page) sees the followers at once.
    expect((await list()).find((x) => x.id === ada.id)).toMatchObject({ rhythmSource: { tag } });

    setNow(t.app, "2025-06-10T12:05:00Z");
    expect(await undo(set.body.undoId!)).toBe(200);
    const restored = await Promise.all([ada, bob, own].map((x) => getContact(t.app, user, x.id)));
    expect(restored).toEqual(before);
    expect((await tagList()).find((x) => x.tag === tag)).toMatchObject({
      rhythm: null,
      followers: 0,
    });
    expect(await undo(set.body.undoId!)).toBe(404);
  });

  it("changing or clearing the group moves its followers; a contact's tags decide who follows", async () => {
    const tag = "Family";
    const dee = await addContact(t.app, user, { firstName: "Dee", tags: [tag, "Book club"] });
    await put("Book club", { rhythm: { interval: 3, unit: "month" } });
    await put(tag, { rhythm: monthly });
    expect(await getContact(t.app, user, dee.id)).toMatchObject({
      rhythm: monthly,
      rhythmSource: { tag },
    });
    // A new contact with the tag follows from the start.
    const eve = await addContact(t.app, user, { firstName: "Eve", tags: ["family"] });
    expect(eve).toMatchObject({ rhythm: monthly, rhythmSource: { tag } });

    // The tag taken off: the next group's rhythm.
    const patched = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${dee.id}`,
      payload: { tags: ["Book club"] },
    });
    expect(patched.json<Contact>()).toMatchObject({
      rhythm: { interval: 3, unit: "month" },
      rhythmSource: { tag: "Book club" },
    });
    // Saving the inherited rhythm back as read keeps following; another one is the contact's own.
    const same = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${eve.id}`,
      payload: { rhythm: monthly, notes: "x" },
    });
    expect(same.json<Contact>().rhythmSource).toEqual({ tag });
    const pinned = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${eve.id}`,
      payload: { rhythm: biweekly },
    });
    expect(pinned.json<Contact>()).toMatchObject({ rhythm: biweekly, rhythmSource: null });
    // Clearing it: back to the group.
    const unpinned = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${eve.id}`,
      payload: { rhythm: null },
    });
    expect(unpinned.json<Contact>()).toMatchObject({ rhythm: monthly, rhythmSource: { tag } });

    const cleared = await put(tag, { rhythm: null });
    expect(cleared.body).toMatchObject({ rhythm: null, followers: 0, updated: 1 });
    expect(await getContact(t.app, user, eve.id)).toMatchObject({
      rhythm: null,
      rhythmSource: null,
      state: "no_rhythm",
    });
  });

  it("answers 404 for an unknown or another user's tag, 400 with a message for bad input", async () => {
    await addContact(t.app, user, { firstName: "Fay", tags: ["Secret"] });
    const foreign = await put("Secret", { rhythm: biweekly }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.message).toContain('No contact has the tag "Secret"');
    expect((await put("Nobody has this", { rhythm: null })).status).toBe(404);
    expect(await tagList(other)).toEqual([]);

    const bad = await put("Secret", { rhythm: { interval: 200, unit: "week" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("The interval can be at most 104 weeks");
    const missing = await put("Secret", {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("Send a rhythm");

    // Another user's undo of this user's change is not found.
    const mine = await put("Secret", { rhythm: biweekly });
    expect(await undo(mine.body.undoId!, other)).toBe(404);
  });

  it("an undo after a later edit of a follower is refused and changes nothing", async () => {
    const gus = await addContact(t.app, user, { firstName: "Gus", tags: ["Climbing"] });
    const set = await put("Climbing", { rhythm: biweekly });
    setNow(t.app, "2025-06-10T12:10:00Z");
    await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${gus.id}/interactions`,
      payload: {},
    });
    const after = await getContact(t.app, user, gus.id);
    expect(await undo(set.body.undoId!)).toBe(409);
    expect(await getContact(t.app, user, gus.id)).toEqual(after);
    expect((await tagList()).find((x) => x.tag === "Climbing")?.rhythm).toEqual(biweekly);
  });
});
