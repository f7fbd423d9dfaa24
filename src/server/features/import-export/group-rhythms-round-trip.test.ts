// Group rhythms through the exports: the JSON export keeps the groups and who follows them; the
// CSV and vCard say "Every 2 weeks (Close friends)" and an import reads it back as the group's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact, setNow } from "../../../../tests/helpers/contacts-test-kit";
import { listContacts, upload } from "../../../../tests/helpers/import-test-kit";
import type { TagSummary } from "../../../core/group-rhythm-schema";

describe("group rhythms in exports and imports", () => {
  let t: TestApp;
  let source: TestUser;
  const biweekly = { interval: 2, unit: "week" };
  const monthly = { interval: 1, unit: "month" };
  beforeAll(async () => {
    t = await build();
    setNow(t.app, "2025-06-01T12:00:00.000Z");
    source = await createUser(t.app);
    await addContact(t.app, source, { firstName: "Ada", tags: ["Close friends"] });
    await addContact(t.app, source, { firstName: "Cy", tags: ["Close friends"], rhythm: monthly });
    await addContact(t.app, source, { firstName: "Eve", tags: ["Book club"] });
    for (const [tag, rhythm] of [
      ["Close friends", biweekly],
      ["Book club", { interval: 3, unit: "month" }],
    ] as const) {
      const res = await injectAs(t.app, source, {
        method: "PUT",
        url: `/api/tags/${encodeURIComponent(tag)}`,
        payload: { rhythm },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A group nobody carries any more still travels in the JSON export.
    await injectAs(t.app, source, {
      method: "PATCH",
      url: `/api/contacts/${(await listContacts(t.app, source)).find((c) => c.firstName === "Eve")!.id}`,
      payload: { tags: [] },
    });
  });
  afterAll(async () => t.close());

  const groupsOf = async (user: TestUser) =>
    (await injectAs(t.app, user, { url: "/api/contacts/tags" })).json<{ tags: TagSummary[] }>()
      .tags;
  const byName = async (user: TestUser) =>
    Object.fromEntries((await listContacts(t.app, user)).map((c) => [c.firstName, c]));

  it("JSON: the groups, and who follows them rather than having their own", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/account.json" });
    const file = exported.json();
    expect(file.groups).toEqual([
      { tag: "Book club", rhythm: { interval: 3, unit: "month" } },
      { tag: "Close friends", rhythm: biweekly },
    ]);
    expect(file.contacts.find((c: { firstName: string }) => c.firstName === "Ada")).toMatchObject({
      rhythm: biweekly,
      rhythmSource: { tag: "Close friends" },
    });
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await groupsOf(target)).toEqual(await groupsOf(source));
    const contacts = await byName(target);
    expect(contacts.Ada).toMatchObject({
      rhythm: biweekly,
      rhythmSource: { tag: "Close friends" },
    });
    expect(contacts.Cy).toMatchObject({ rhythm: monthly, rhythmSource: null });
    // Followers follow: a change of the group in the new account moves Ada, not Cy.
    await injectAs(t.app, target, {
      method: "PUT",
      url: "/api/tags/Close%20friends",
      payload: { rhythm: { interval: 1, unit: "week" } },
    });
    expect((await byName(target)).Ada).toMatchObject({ rhythm: { interval: 1, unit: "week" } });
    expect((await byName(target)).Cy).toMatchObject({ rhythm: monthly });
  });

  for (const [format, type] of [
    ["csv", "text/csv"],
    ["vcf", "text/vcard"],
  ] as const) {
    it(`${format}: the rhythm names its group and comes back as the group's`, async () => {
      const exported = await injectAs(t.app, source, { url: `/api/exports/contacts.${format}` });
      expect(exported.body).toContain("Every 2 weeks (Close friends)");
      const target = await createUser(t.app);
      // This account already gives the group a rhythm of its own: that one stays.
      await addContact(t.app, target, { firstName: "Zed", tags: ["close friends"] });
      await injectAs(t.app, target, {
        method: "PUT",
        url: "/api/tags/close%20friends",
        payload: { rhythm: monthly },
      });
      const res = await upload(t.app, target, "/api/imports", {
        name: `contacts.${format}`,
        content: exported.body,
        type,
      });
      expect(res.statusCode, res.body).toBe(201);
      const contacts = await byName(target);
      expect(contacts.Ada).toMatchObject({
        rhythm: monthly,
        rhythmSource: { tag: "close friends" },
      });
      expect(contacts.Cy).toMatchObject({ rhythm: monthly, rhythmSource: null });

      // Into an account without the group, the file's rhythm becomes the group's.
      const fresh = await createUser(t.app);
      await upload(t.app, fresh, "/api/imports", {
        name: `contacts.${format}`,
        content: exported.body,
        type,
      });
      expect((await byName(fresh)).Ada).toMatchObject({
        rhythm: biweekly,
        rhythmSource: { tag: "Close friends" },
      });
      expect((await groupsOf(fresh)).find((g) => g.tag === "Close friends")).toMatchObject({
        rhythm: biweekly,
        followers: 1,
      });
    });
  }
});
