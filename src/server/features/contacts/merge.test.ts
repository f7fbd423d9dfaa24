import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact, getContact, setNow } from "../../../../tests/helpers/contacts-test-kit";
import type { BulkMergeResult, Duplicates } from "../../../core/contact-merge";
import type { Contact } from "../../../core/contacts";
import type { Interaction, UndoableContact } from "../../../core/interactions";
import type { ReplyActionDetails } from "../../../core/replies";
import type { Relationship } from "../../../core/relationships";
import { relationships, reminderDeliveries, replies, replyActions } from "../../db/schema/index";

describe("finding and merging duplicates", () => {
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

  const request = async <T>(method: "GET" | "POST", url: string, payload?: unknown, as = user) => {
    const res = await injectAs(t.app, as, { method, url, payload: payload as object });
    return { status: res.statusCode, body: res.json<T & { error?: { message: string } }>() };
  };
  const history = async (id: string) =>
    (await request<{ items: Interaction[] }>("GET", `/api/contacts/${id}/interactions`)).body.items;
  async function log(id: string, note: string, occurredAt: string) {
    const res = await request("POST", `/api/contacts/${id}/interactions`, {
      note,
      occurredAt,
      channel: "phone",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const everything = async () => ({
    list: (await request<{ items: Contact[] }>("GET", "/api/contacts")).body.items,
    actions: await t.app.db.select().from(replyActions).where(eq(replyActions.userId, user.id)),
    deliveries: await t.app.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, user.id)),
    links: await t.app.db
      .select()
      .from(relationships)
      .where(eq(relationships.userId, user.id))
      .orderBy(relationships.id),
  });

  let digests = 0;
  async function threeBobs() {
    digests += 1;
    const a = await addContact(t.app, user, {
      firstName: "Bob",
      lastName: "Stone",
      emails: [{ value: "bob@example.com" }],
      phones: [{ value: "+44 20 7946 0001" }],
      tags: ["Friends"],
      company: "Acme",
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: "2025-05-01",
    });
    setNow(t.app, "2025-06-10T12:01:00Z");
    const b = await addContact(t.app, user, {
      firstName: "Robert",
      lastName: "Stone",
      emails: [{ value: "BOB@example.com" }, { value: "robert@work.example" }],
      tags: ["Work", "friends"],
      company: "Stone & Co",
      city: "Lisbon",
      country: "Portugal",
      notes: "Met at the conference",
    });
    setNow(t.app, "2025-06-10T12:02:00Z");
    const c = await addContact(t.app, user, {
      firstName: "Bob",
      lastName: "Stone",
      phones: [{ value: "020 7946 0001" }, { value: "+351 912 345 678" }],
      birthday: { day: 3, month: 4, year: null },
    });
    await log(a.id, "Lunch with Bob", "2025-06-01T12:00:00Z");
    await log(b.id, "Call about the project", "2025-06-05T09:00:00Z");
    await log(c.id, "Birthday drinks", "2025-04-03T19:00:00Z");
    // A digest that listed them and a reply's action that named two of them.
    await t.app.db.insert(reminderDeliveries).values({
      userId: user.id,
      scheduledFor: new Date(Date.UTC(2025, 5, digests, 8)),
      channel: "email",
      status: "sent",
      contactIds: [c.id, a.id, b.id],
    });
    const [reply] = await t.app.db
      .insert(replies)
      .values({
        userId: user.id,
        receivedAt: new Date("2025-06-09T09:00:00Z"),
        channel: "email",
        from: user.email,
        text: "Saw Bob",
        readBy: "rules",
      })
      .returning();
    await t.app.db.insert(replyActions).values({
      userId: user.id,
      replyId: reply!.id,
      kind: "log",
      contactId: b.id,
      candidateIds: [b.id, c.id],
      details: {} as ReplyActionDetails,
      status: "suggested",
    });
    setNow(t.app, "2025-06-10T13:00:00Z");
    return [a, b, c].map((x) => x.id) as [string, string, string];
  }

  it("lists the copies as one group with the reasons, and ignores archived contacts", async () => {
    const [a, b, c] = await threeBobs();
    const solo = await addContact(t.app, user, { firstName: "Zed", city: "Lisbon" });
    const { status, body } = await request<Duplicates>("GET", "/api/contacts/duplicates");
    expect(status).toBe(200);
    const group = body.groups.find((g) => g.contacts.some((x) => x.id === a))!;
    expect(group.contacts.map((x) => x.id).sort()).toEqual([a, b, c].sort());
    const labels = group.reasons.map((r) => r.label);
    expect(labels).toContain("Same email: bob@example.com");
    expect(labels).toContain("Same phone: +44 20 7946 0001");
    expect(labels).toContain("Same name");
    expect(body.groups.flatMap((g) => g.contacts.map((x) => x.id))).not.toContain(solo.id);

    await request("POST", `/api/contacts/${b}/archive`);
    await request("POST", `/api/contacts/${c}/archive`);
    const after = await request<Duplicates>("GET", "/api/contacts/duplicates");
    expect(after.body.groups.flatMap((g) => g.contacts.map((x) => x.id))).not.toContain(a);
  });

  it("merges chosen values, combined lists and every history, and one undo restores it exactly", async () => {
    const [a, b, c] = await threeBobs();
    const before = await everything();
    const copies = await Promise.all([a, b, c].map((id) => getContact(t.app, user, id)));
    const histories = await Promise.all([a, b, c].map(history));

    const merged = await request<UndoableContact>("POST", "/api/contacts/merge", {
      keepId: a,
      mergeIds: [b, c],
      fields: { firstName: b, company: b, place: b },
      expectedUpdatedAt: Object.fromEntries(copies.map((x) => [x.id, x.updatedAt])),
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const bob = merged.body;
    expect(bob.id).toBe(a);
    expect(bob.firstName).toBe("Robert");
    expect(bob.company).toBe("Stone & Co");
    expect([bob.city, bob.country]).toEqual(["Lisbon", "Portugal"]);
    expect(bob.emails.map((e) => e.value)).toEqual(["bob@example.com", "robert@work.example"]);
    expect(bob.phones.map((p) => p.value)).toEqual(["+44 20 7946 0001", "+351 912 345 678"]);
    expect(bob.tags).toEqual(["Friends", "Work"]);
    expect(bob.notes).toBe("Met at the conference");
    expect(bob.birthday).toEqual({ day: 3, month: 4, year: null });
    expect(bob.rhythm).toEqual({ interval: 1, unit: "week" });
    // The latest contact of any copy counts, and the rhythm runs from it.
    expect(bob.lastContactedAt).toBe("2025-06-05T09:00:00.000Z");
    expect(bob.dueDate).toBe("2025-06-12");

    const joined = await history(a);
    expect(joined.map((i) => i.id).sort()).toEqual(
      histories
        .flat()
        .map((i) => i.id)
        .sort(),
    );
    for (const id of [b, c]) {
      expect((await request("GET", `/api/contacts/${id}`)).status).toBe(404);
    }
    const moved = await everything();
    expect(moved.list.filter((x) => [a, b, c].includes(x.id)).map((x) => x.id)).toEqual([a]);
    const digest = moved.deliveries.find((d) => d.contactIds?.includes(a));
    expect(digest!.contactIds).toEqual([a, a, a]);
    const action = moved.actions.find((x) => x.contactId === a);
    expect(action!.candidateIds).toEqual([a]);

    const undone = await request<{ contacts: Contact[] }>(
      "POST",
      `/api/contacts/undo/${bob.undoId}`,
    );
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.contacts.map((x) => x.id)).toEqual([a, b, c]);
    expect(await Promise.all([a, b, c].map((id) => getContact(t.app, user, id)))).toEqual(copies);
    expect(await Promise.all([a, b, c].map(history))).toEqual(histories);
    expect(await everything()).toEqual(before);
    expect((await request("POST", `/api/contacts/undo/${bob.undoId}`)).status).toBe(404);
  });

  it("moves relationships to the kept contact, drops self-links and duplicates, and undo restores every row", async () => {
    const [a, b, c] = await threeBobs();
    const jo = await addContact(t.app, user, { firstName: "Jo", lastName: "Stone" });
    const kid = await addContact(t.app, user, { firstName: "Kid", lastName: "Stone" });
    const link = async (from: string, to: string, type: string) => {
      const res = await request("POST", `/api/contacts/${from}/relationships`, {
        relatedContactId: to,
        type,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await link(a, jo.id, "partner");
    await link(jo.id, b, "partner"); // the same link once merged: dropped
    await link(b, c, "sibling"); // between copies: dropped
    await link(kid.id, c, "parent"); // moves to the kept Bob
    await link(b, jo.id, "Neighbour"); // moves, a word of the user's
    const before = await everything();
    const merged = await request<UndoableContact>("POST", "/api/contacts/merge", {
      keepId: a,
      mergeIds: [b, c],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const linksOf = async (id: string) =>
      (
        await request<{ relationships: Relationship[] }>("GET", `/api/contacts/${id}/relationships`)
      ).body.relationships.map((r) => `${r.other.id === a ? "Bob" : r.other.firstName}: ${r.type}`);
    expect(await linksOf(a)).toEqual(["Jo: partner", "Jo: Neighbour", "Kid: child"]);
    expect(await linksOf(jo.id)).toEqual(["Bob: partner", "Bob: Neighbour"]);
    expect(await linksOf(kid.id)).toEqual(["Bob: parent"]);

    const undone = await request("POST", `/api/contacts/undo/${merged.body.undoId}`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const after = await everything();
    expect(after.links).toEqual(before.links);
    expect(after.links).toHaveLength(5);
  });

  it("merges ticked groups in one go with default choices, undone as one", async () => {
    const pairs: [string, string][] = [];
    for (const name of ["Ann", "Ben", "Cy"]) {
      const older = await addContact(t.app, user, {
        firstName: name,
        lastName: "Pair",
        company: "Old Co",
      });
      await log(older.id, `Seen ${name}`, "2025-06-01T10:00:00Z");
      setNow(t.app, "2025-06-10T12:30:00Z");
      const newer = await addContact(t.app, user, {
        firstName: name,
        lastName: "Pair",
        company: "New Co",
        emails: [{ value: `${name.toLowerCase()}@pair.example` }],
      });
      pairs.push([older.id, newer.id]);
      setNow(t.app, "2025-06-10T12:00:00Z");
    }
    const before = await everything();
    const bulk = await request<BulkMergeResult>("POST", "/api/contacts/merge/bulk", {
      merges: pairs.map(([x, y]) => ({ keepId: y, mergeIds: [x] })),
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.contacts.map((x) => x.company)).toEqual(["New Co", "New Co", "New Co"]);
    for (const [older, newer] of pairs) {
      expect((await history(newer)).map((i) => i.note)).toHaveLength(1);
      expect((await request("GET", `/api/contacts/${older}`)).status).toBe(404);
    }
    const undone = await request("POST", `/api/contacts/undo/${bulk.body.undoId}`);
    expect(undone.status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it("answers 404 for another user's contacts and changes nothing", async () => {
    const mine = await addContact(t.app, user, { firstName: "Mine" });
    const theirs = await addContact(t.app, other, { firstName: "Theirs" });
    const before = await everything();
    for (const [keepId, mergeIds, as] of [
      [mine.id, [theirs.id], user],
      [theirs.id, [mine.id], user],
      [mine.id, [theirs.id], other],
      [mine.id, ["not-an-id"], user],
    ] as const) {
      const res = await request("POST", "/api/contacts/merge", { keepId, mergeIds }, as);
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toMatch(/not found/);
    }
    const bulk = await request(
      "POST",
      "/api/contacts/merge/bulk",
      { merges: [{ keepId: theirs.id, mergeIds: [mine.id] }] },
      other,
    );
    expect(bulk.status).toBe(404);
    expect(await everything()).toEqual(before);
    expect((await getContact(t.app, other, theirs.id)).firstName).toBe("Theirs");
  });

  it("refuses bad input with a message a person can act on", async () => {
    const x = await addContact(t.app, user, { firstName: "X" });
    const y = await addContact(t.app, user, { firstName: "Y" });
    const many = Array.from(
      { length: 51 },
      (_, i) => `7d4e4a52-4a8e-4b7e-9d38-${String(i).padStart(12, "0")}`,
    );
    const cases: [unknown, RegExp][] = [
      [{ keepId: x.id, mergeIds: [] }, /at least one contact/],
      [{ keepId: x.id, mergeIds: [x.id] }, /can't also be one of those merged/],
      [{ keepId: x.id, mergeIds: many }, /At most 50 contacts/],
      [{ keepId: x.id, mergeIds: [y.id, y.id] }, /listed twice/],
      [{ keepId: x.id, mergeIds: [y.id], fields: { colour: y.id } }, /not a field a merge chooses/],
      [
        { keepId: x.id, mergeIds: [y.id], fields: { company: "someone-else" } },
        /one of the contacts being merged/,
      ],
      [{ mergeIds: [y.id] }, /contact's id/],
    ];
    for (const [payload, message] of cases) {
      const res = await request("POST", "/api/contacts/merge", payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const overlapping = await request("POST", "/api/contacts/merge/bulk", {
      merges: [
        { keepId: x.id, mergeIds: [y.id] },
        { keepId: y.id, mergeIds: [x.id] },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error?.message).toMatch(/only one of the merges/);
    const tooMany = await request("POST", "/api/contacts/merge/bulk", {
      merges: Array.from({ length: 51 }, () => ({ keepId: x.id, mergeIds: [y.id] })),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toMatch(/At most 50 merges/);
    expect((await getContact(t.app, user, y.id)).firstName).toBe("Y");
  });

  it("refuses a merge of a contact changed since the preview, and an undo after the kept one changed", async () => {
    const x = await addContact(t.app, user, { firstName: "Dana", lastName: "Old" });
    const y = await addContact(t.app, user, { firstName: "Dana", lastName: "Old" });
    setNow(t.app, "2025-06-10T12:05:00Z");
    await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${y.id}`,
      payload: { nickname: "D" },
    });
    const stale = await request("POST", "/api/contacts/merge", {
      keepId: x.id,
      mergeIds: [y.id],
      expectedUpdatedAt: { [x.id]: x.updatedAt, [y.id]: y.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toMatch(/changed elsewhere/);

    const merged = await request<UndoableContact>("POST", "/api/contacts/merge", {
      keepId: x.id,
      mergeIds: [y.id],
    });
    expect(merged.body.nickname).toBe("D");
    setNow(t.app, "2025-06-10T12:10:00Z");
    await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${x.id}`,
      payload: { jobTitle: "Editor" },
    });
    const undo = await request("POST", `/api/contacts/undo/${merged.body.undoId}`);
    expect(undo.status).toBe(409);
    expect((await request("GET", `/api/contacts/${y.id}`)).status).toBe(404);
  });
});
