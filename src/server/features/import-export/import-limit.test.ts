// The 1,000-contact limit holds for imports: a file with more rows than an account can hold is
// refused at once; an import that would cross the limit commits nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { contacts } from "../../db/schema/index";
import { listContacts, upload } from "../../../../tests/helpers/import-test-kit";

function csv(rows: number, from = 0): string {
  const lines = Array.from(
    { length: rows },
    (_, i) => `Person,${from + i},p${from + i}@example.com`,
  );
  return `First name,Last name,Email\n${lines.join("\n")}\n`;
}

describe("import and the contact limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("refuses a file with more rows than an account can hold", async () => {
    const user = await createUser(t.app);
    for (const url of ["/api/imports/preview", "/api/imports"] as const) {
      const res = await upload(t.app, user, url, { name: "big.csv", content: csv(1001) });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(
        "This file has 1,001 contacts, but an account holds at most 1,000. Split it into smaller files, or remove the contacts you don't need.",
      );
    }
    expect(await listContacts(t.app, user)).toEqual([]);
  });

  it("refuses an import that would cross the limit, and accepts it once it fits", async () => {
    const user = await createUser(t.app);
    await t.app.db
      .insert(contacts)
      .values(Array.from({ length: 995 }, (_, i) => ({ userId: user.id, firstName: `Had ${i}` })));
    const file = { name: "ten.csv", content: csv(10) };
    const preview = (await upload(t.app, user, "/api/imports/preview", file)).json();
    expect(preview.capacity).toEqual({ limit: 1000, used: 995, available: 5, fits: false });

    const refused = await upload(t.app, user, "/api/imports", file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "LIMIT_REACHED",
      message:
        "That would add 10 contacts, but you have room for 5 more (the limit is 1,000). Delete some contacts or add fewer.",
    });
    expect(await listContacts(t.app, user)).toHaveLength(995);
    expect((await injectAs(t.app, user, { url: "/api/imports" })).json().items).toEqual([]);

    const skipFive = Object.fromEntries([2, 3, 4, 5, 6].map((line) => [String(line), "skip"]));
    const accepted = await upload(t.app, user, "/api/imports", file, { decisions: skipFive });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().import).toMatchObject({ createdCount: 5, skippedCount: 5 });
    const list = await injectAs(t.app, user, { url: "/api/contacts" });
    expect(list.json().total).toBe(1000);
  });

  it("imports 1,000 rows into an empty account", async () => {
    const user = await createUser(t.app);
    const res = await upload(t.app, user, "/api/imports", { name: "full.csv", content: csv(1000) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import.createdCount).toBe(1000);
    expect((await injectAs(t.app, user, { url: "/api/contacts" })).json().total).toBe(1000);
  });
});
