// Paging through 1,000 contacts while they change: every contact that was there throughout is
// listed exactly once, whatever is edited, deleted or added between pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../../db/schema/index";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { CONTACT_LIMIT } from "../../../core/constants";

describe("/api/v1/contacts pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("lists 1,000 contacts with no gap and no repeat while they change", async () => {
    const user = await createUser(t.app);
    const { token } = await makeToken(t.app, user);
    // The starting address book is written directly: the paging is what is under test.
    const seeded = await t.app.db
      .insert(contacts)
      .values(
        Array.from({ length: CONTACT_LIMIT }, (_, i) => ({
          userId: user.id,
          firstName: `Person ${i}`,
          lastName: "",
        })),
      )
      .returning({ id: contacts.id });
    expect(seeded).toHaveLength(1000);
    const ids = seeded.map((c) => c.id).sort();
    const deleted = new Set<string>();
    const added: string[] = [];

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=100&cursor=${cursor}` : "?limit=100";
      const res = await injectWithToken(t.app, token, { url: `/api/v1/contacts${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: { id: string }[]; nextCursor: string | null }>();
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
      // Between pages: edit one behind and one ahead, delete one ahead, add one.
      const behind = ids[Math.max(0, pages * 100 - 50)]!;
      const ahead = ids[Math.min(999, pages * 100 + 50)]!;
      for (const id of [behind, ahead]) {
        if (deleted.has(id)) continue;
        const edit = await injectWithToken(t.app, token, {
          method: "PATCH",
          url: `/api/v1/contacts/${id}`,
          payload: { nickname: `edited after page ${pages}` },
        });
        expect(edit.statusCode, edit.body).toBe(200);
      }
      const gone = ids[Math.min(999, pages * 100 + 70)]!;
      if (!deleted.has(gone)) {
        const del = await injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${gone}` });
        expect(del.statusCode).toBe(204);
        deleted.add(gone);
      }
      const made = await injectWithToken(t.app, token, {
        method: "POST",
        url: "/api/v1/contacts",
        payload: { firstName: `Added after page ${pages}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      added.push(made.json().id);
    } while (cursor && pages < 50);

    expect(new Set(seen).size, "no contact listed twice").toBe(seen.length);
    const throughout = ids.filter((id) => !deleted.has(id));
    const missing = throughout.filter((id) => !seen.includes(id));
    expect(missing, "every contact there throughout is listed").toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(10);
  }, 180_000);
});
