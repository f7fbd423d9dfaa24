// The list read after a write from the kept copy (decision 195): whatever wrote — a route, a
// statement past the app, a transaction rolled back, a delete, another user — the next answer is
// byte for byte what a full read computes, and a user's copy never holds another user's rows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import { CONTACT_LIMIT } from "../../../core/constants";
import { selectContacts } from "../../../core/contact-list";
import { ContactListQuerySchema } from "../../../core/contact-list-schema";
import { contacts } from "../../db/schema/index";
import { serializeContactList } from "./contact-list-serializer";
import { ContactListStore, mergeListChanges } from "./contact-list-store";
import { contactFromStored } from "./contact-view";
import { listStoredContacts, type ListChanges } from "./contacts.queries";

type ListAnswer = { items: { id: string; firstName: string; notes: string | null }[] };

describe("the list read after a write, from the kept copy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  /** The answer as it is served (plain JSON), checked against a full read computed apart. */
  async function listAs(user: TestUser, query = ""): Promise<ListAnswer> {
    const res = await injectAs(t.app, user, { url: `/api/contacts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ListAnswer & { today: string; timeZone: string }>();
    const ctx = { now: t.app.clock.now(), timeZone: answer.timeZone, today: answer.today };
    const stored = await listStoredContacts(t.app.db, user.id);
    const all = stored.map((c) => contactFromStored(c, ctx));
    const params = Object.fromEntries(new URLSearchParams(query));
    const { items, counts } = selectContacts(all, ContactListQuerySchema.parse(params));
    const expected = serializeContactList({
      items,
      counts,
      total: stored.length,
      limit: CONTACT_LIMIT,
      today: ctx.today,
      timeZone: ctx.timeZone,
    });
    expect(res.body).toBe(expected.toString());
    return answer;
  }

  async function userWith(names: string[]) {
    const user = await createUser(t.app);
    const made = [];
    for (const firstName of names) made.push(await addContact(t.app, user, { firstName }));
    await listAs(user); // the copy is kept from here on
    return { user, made };
  }

  const names = (answer: ListAnswer) => answer.items.map((c) => c.firstName).sort();

  it("shows an edit and an insert made past the routes", async () => {
    const { user, made } = await userWith(["Ada", "Bea"]);
    await t.app.db
      .update(contacts)
      .set({ notes: "written by hand", firstName: "Adele" })
      .where(eq(contacts.id, made[0]!.id));
    expect(names(await listAs(user))).toEqual(["Adele", "Bea"]);
    await t.app.db.insert(contacts).values({ userId: user.id, firstName: "Cy" });
    const answer = await listAs(user);
    expect(names(answer)).toEqual(["Adele", "Bea", "Cy"]);
    expect(answer.items.find((c) => c.firstName === "Adele")?.notes).toBe("written by hand");
  });

  it("shows nothing of a write that was rolled back", async () => {
    const { user, made } = await userWith(["Ada", "Bea"]);
    const before = await injectAs(t.app, user, { url: "/api/contacts" });
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(contacts).set({ firstName: "Nope" }).where(eq(contacts.id, made[0]!.id));
        await tx.delete(contacts).where(eq(contacts.id, made[1]!.id));
        await tx.insert(contacts).values({ userId: user.id, firstName: "Ghost" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await injectAs(t.app, user, {
      url: "/api/contacts",
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(304);
    // A write after it still shows, and only it.
    await t.app.db.update(contacts).set({ notes: "kept" }).where(eq(contacts.id, made[1]!.id));
    const answer = await listAs(user);
    expect(names(answer)).toEqual(["Ada", "Bea"]);
    expect(answer.items.find((c) => c.firstName === "Bea")?.notes).toBe("kept");
  });

  it("drops deleted contacts, through the route, past it, and replaced in one transaction", async () => {
    const { user, made } = await userWith(["Ada", "Bea", "Cy", "Dee"]);
    const deleted = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/contacts/${made[0]!.id}`,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(names(await listAs(user))).toEqual(["Bea", "Cy", "Dee"]);
    await t.app.db.delete(contacts).where(eq(contacts.id, made[1]!.id));
    expect(names(await listAs(user))).toEqual(["Cy", "Dee"]);
    // As many contacts as before: only the ids tell that Cy went.
    await t.app.db.transaction(async (tx) => {
      await tx.delete(contacts).where(eq(contacts.id, made[2]!.id));
      await tx.insert(contacts).values({ userId: user.id, firstName: "Eve" });
    });
    expect(names(await listAs(user))).toEqual(["Dee", "Eve"]);
    await t.app.db.delete(contacts).where(eq(contacts.userId, user.id));
    expect(names(await listAs(user))).toEqual([]);
  });

  it("keeps two users' copies apart", async () => {
    const ada = await userWith(["Ada's one", "Ada's two"]);
    const bob = await userWith(["Bob's one"]);
    const adaTag = (await injectAs(t.app, ada.user, { url: "/api/contacts" })).headers.etag;
    await addContact(t.app, bob.user, { firstName: "Bob's two" });
    await t.app.db.delete(contacts).where(eq(contacts.id, ada.made[0]!.id));
    expect(names(await listAs(bob.user))).toEqual(["Bob's one", "Bob's two"]);
    const adaNow = await injectAs(t.app, ada.user, {
      url: "/api/contacts",
      headers: { "if-none-match": String(adaTag) },
    });
    expect(adaNow.statusCode).toBe(200);
    expect(names(await listAs(ada.user))).toEqual(["Ada's two"]);
    await t.app.db.update(contacts).set({ notes: "Bob's" }).where(eq(contacts.userId, bob.user.id));
    expect(names(await listAs(ada.user))).toEqual(["Ada's two"]);
    expect((await listAs(bob.user)).items.map((c) => c.notes)).toEqual(["Bob's", "Bob's"]);
    // A filtered answer (a subset) and a sort by name from the same copy.
    expect(names(await listAs(bob.user, "?q=two&sort=name"))).toEqual(["Bob's two"]);
  });

  it("moves a contact given to another owner out of one list and into the other", async () => {
    // No route moves a contact between accounts; a statement past the app may (an operator's
    // repair). Both owners' list versions change, so neither answer is served from a stale copy.
    const ada = await userWith(["Ada's one", "Ada's two"]);
    const bob = await userWith(["Bob's one"]);
    const adaTag = (await injectAs(t.app, ada.user, { url: "/api/contacts" })).headers.etag;
    const bobTag = (await injectAs(t.app, bob.user, { url: "/api/contacts" })).headers.etag;
    await t.app.db
      .update(contacts)
      .set({ userId: bob.user.id })
      .where(eq(contacts.id, ada.made[0]!.id));
    for (const [user, tag] of [
      [ada.user, adaTag],
      [bob.user, bobTag],
    ] as const) {
      const now = await injectAs(t.app, user, {
        url: "/api/contacts",
        headers: { "if-none-match": String(tag) },
      });
      expect(now.statusCode).toBe(200);
    }
    expect(names(await listAs(ada.user))).toEqual(["Ada's two"]);
    expect(names(await listAs(bob.user))).toEqual(["Ada's one", "Bob's one"]);
  });

  it("keeps within its memory budget, the least recently used copy out first", async () => {
    const ada = await userWith(["Ada", "Bea", "Cy"]);
    const bob = await userWith(["Dee"]);
    const day = { timeZone: "UTC", today: "2026-11-25", now: new Date() };
    const single = new ContactListStore(1e9);
    await single.list(t.app.db, { userId: ada.user.id, version: 0, ...day });
    const adaBytes = single.size;
    // Room for Ada's copy alone: keeping Bob's drops hers.
    const store = new ContactListStore(adaBytes);
    const adaList = await store.list(t.app.db, { userId: ada.user.id, version: 0, ...day });
    expect(store.size).toBe(adaBytes);
    const bobList = await store.list(t.app.db, { userId: bob.user.id, version: 0, ...day });
    expect(store.size).toBeLessThanOrEqual(adaBytes);
    expect(store.size).toBeGreaterThan(0);
    expect(adaList.map((c) => c.firstName).sort()).toEqual(["Ada", "Bea", "Cy"]);
    expect(bobList.map((c) => c.firstName)).toEqual(["Dee"]);
  });
});

describe("merging changes into a kept copy", () => {
  const row = (id: string, xmin: string) => ({ xmin, stored: { id } as never });
  const copy = (floor: number) => ({
    version: 1,
    floor,
    bytes: 0,
    rows: new Map([
      ["a", row("a", "10")],
      ["b", row("b", "11")],
    ]),
  });
  const changes = (over: Partial<ListChanges>): ListChanges => ({
    version: 2,
    floor: 20,
    next: 21,
    count: 2,
    changed: [],
    ...over,
  });
  const whole = (id: string, xmin: string) => ({ xmin, contact: { id } as never });

  it("takes changed rows whole and keeps the rest", () => {
    const merged = mergeListChanges(copy(12), changes({ changed: [whole("b", "15")] }));
    expect(merged instanceof Map && [...merged].map(([id, r]) => [id, r.xmin])).toEqual([
      ["a", "10"],
      ["b", "15"],
    ]);
  });

  it("asks for the ids when contacts went, and drops exactly those", () => {
    const fewer = changes({ count: 2, changed: [whole("c", "15")] });
    expect(mergeListChanges(copy(12), fewer)).toBe("deleted");
    const withIds = changes({
      count: 2,
      changed: [whole("c", "15")],
      present: new Map([
        ["b", "11"],
        ["c", "15"],
      ]),
    });
    const merged = mergeListChanges(copy(12), withIds);
    expect(merged instanceof Map && [...merged.keys()]).toEqual(["b", "c"]);
  });

  it("reads everything again when a row changed without coming whole", () => {
    const missed = changes({
      present: new Map([
        ["a", "10"],
        ["b", "13"],
      ]),
    });
    expect(mergeListChanges(copy(12), missed)).toBe("stale");
    expect(mergeListChanges(copy(12), changes({ count: 3 }))).toBe("stale");
  });

  it("reads everything again when transaction numbers wrapped around or went back", () => {
    const epoch = 2 ** 32;
    const wrapped = changes({ floor: epoch + 5, next: epoch + 6 });
    expect(mergeListChanges(copy(epoch - 10), wrapped)).toBe("stale");
    expect(mergeListChanges(copy(30), changes({ floor: 20, next: 21 }))).toBe("stale");
    expect(mergeListChanges(copy(epoch + 1), wrapped)).toBeInstanceOf(Map);
  });
});
