// The list after a write: whatever wrote (a route, a statement past the app, a transaction rolled
// back, a delete, another user), the next answer shows it, never a cached answer of the one before.
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
import { contacts } from "../../db/schema/index";

type ListAnswer = { items: { id: string; firstName: string; notes: string | null }[] };

describe("the list read after a write", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  async function listAs(user: TestUser, query = ""): Promise<ListAnswer> {
    const res = await injectAs(t.app, user, { url: `/api/contacts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListAnswer>();
  }

  async function userWith(names: string[]) {
    const user = await createUser(t.app);
    const made = [];
    for (const firstName of names) made.push(await addContact(t.app, user, { firstName }));
    await listAs(user); // cached from here on
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

  it("keeps two users' lists apart", async () => {
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
    // A filtered answer (a subset) and a sort by name.
    expect(names(await listAs(bob.user, "?q=two&sort=name"))).toEqual(["Bob's two"]);
  });

  it("moves a contact given to another owner out of one list and into the other", async () => {
    // No route moves a contact between accounts; a statement past the app may (an operator's
    // repair). Both owners' list versions change, so neither answer is served from cache.
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
});
