// The 1,000-contact limit holds for imports: a file with more new people than there is room for
// is offered in part (the first that fit, or the most recently contacted), the rest listed and
// downloadable; the chosen set lands whole or not at all, and two imports at once cannot pass it.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { contacts } from "../../db/schema/index";
import { listContacts, upload } from "../../../../tests/helpers/import-test-kit";

function csv(rows: number, from = 0): string {
  const lines = Array.from(
    { length: rows },
    (_, i) => `Person,${from + i},p${from + i}@example.com`,
  );
  return `First name,Last name,Email\n${lines.join("\n")}\n`;
}

async function fill(t: TestApp, user: TestUser, count: number) {
  await t.app.db
    .insert(contacts)
    .values(Array.from({ length: count }, (_, i) => ({ userId: user.id, firstName: `Had ${i}` })));
}

type PreviewRowLike = { line: number; isLeftOver: boolean; decision: string | null };

describe("import and the contact limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("hands back the rest of the offer the user accepted, even when the room changed since", async () => {
    const user = await createUser(t.app);
    // The preview offered 50 (950 contacts then); 10 were deleted in another tab since.
    await fill(t, user, 940);
    const file = { name: "big.csv", content: csv(100) };
    const rest = await upload(t.app, user, "/api/imports/left-over", file, {
      fit: { order: "file", keep: 50 },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const parsed = Papa.parse<string[]>(rest.body.replace(/^\uFEFF/, "").trim());
    // Exactly the 50 the commit will not land: none lost between the two.
    expect(parsed.data).toHaveLength(51);
    expect(parsed.data[1]).toEqual(["Person", "50", "p50@example.com"]);
  });

  it("offers the first that fit of a file past the limit, lists the rest and imports exactly those", async () => {
    const user = await createUser(t.app);
    await fill(t, user, 950);
    const file = { name: "big.csv", content: csv(100) };
    const res = await upload(t.app, user, "/api/imports/preview", file);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.capacity).toEqual({ limit: 1000, used: 950, available: 50, fits: false });
    expect(preview.overLimit).toEqual({
      order: "file",
      canOrderByRecent: false,
      keep: 50,
      leftOver: 50,
    });
    expect(preview.summary).toMatchObject({ total: 100, create: 50, leftOver: 50 });
    const later = (preview.rows as PreviewRowLike[]).filter((r) => r.isLeftOver);
    // Row 2 is the first person (row 1 is the header): rows 52 to 101 are left for later.
    expect(later.map((r) => r.line)).toEqual(Array.from({ length: 50 }, (_, i) => 52 + i));

    const rest = await upload(t.app, user, "/api/imports/left-over", file, {
      fit: { order: "file", keep: 50 },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(rest.headers["content-disposition"]).toBe(
      'attachment; filename="big-left-for-later.csv"',
    );
    const parsed = Papa.parse<string[]>(rest.body.replace(/^\uFEFF/, "").trim());
    expect(parsed.data[0]).toEqual(["First name", "Last name", "Email"]);
    expect(parsed.data).toHaveLength(51);
    expect(parsed.data[1]).toEqual(["Person", "50", "p50@example.com"]);
    expect(parsed.data.at(-1)).toEqual(["Person", "99", "p99@example.com"]);

    // Without the offer accepted, the import is refused whole, as before.
    const refused = await upload(t.app, user, "/api/imports", file);
    expect(refused.statusCode).toBe(422);
    expect(await listContacts(t.app, user)).toHaveLength(950);

    const done = await upload(t.app, user, "/api/imports", file, {
      fit: { order: "file", keep: 50 },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().import).toMatchObject({ createdCount: 50, skippedCount: 50 });
    expect(done.json().summary).toMatchObject({ create: 50, leftOver: 50 });
    const added = (await listContacts(t.app, user)).filter((c) => c.firstName === "Person");
    expect(added).toHaveLength(50);
    expect(added.some((c) => c.lastName === "49")).toBe(true);
    expect(added.some((c) => c.lastName === "50")).toBe(false);
    expect((await injectAs(t.app, user, { url: "/api/contacts" })).json().total).toBe(1000);

    // The file of the rest reads as the same people; with the account full, none fit now.
    const full = await upload(t.app, user, "/api/imports/preview", {
      name: "rest.csv",
      content: rest.body,
    });
    expect(full.json().overLimit).toMatchObject({ keep: 0, leftOver: 50 });
  });

  it("keeps the most recently contacted when the file says when people were last contacted", async () => {
    const user = await createUser(t.app);
    await fill(t, user, 998);
    const content = [
      "Name,Email,Last contacted",
      "Old Friend,old@example.com,2019-03-01",
      "No Date,nodate@example.com,",
      "Recent Friend,recent@example.com,2025-05-20",
      "Middle Friend,middle@example.com,2023-07-04",
    ].join("\n");
    const file = { name: "dated.csv", content };
    const preview = (await upload(t.app, user, "/api/imports/preview", file)).json();
    expect(preview.overLimit).toEqual({
      order: "recent",
      canOrderByRecent: true,
      keep: 2,
      leftOver: 2,
    });
    const later = (preview.rows as PreviewRowLike[]).filter((r) => r.isLeftOver);
    expect(later.map((r) => r.line)).toEqual([2, 3]);

    const byFile = (
      await upload(t.app, user, "/api/imports/preview", file, { fit: { order: "file" } })
    ).json();
    expect(byFile.overLimit.order).toBe("file");
    expect(
      (byFile.rows as PreviewRowLike[]).filter((r) => r.isLeftOver).map((r) => r.line),
    ).toEqual([4, 5]);

    const rest = await upload(t.app, user, "/api/imports/left-over", file, {
      fit: { order: "recent", keep: 2 },
    });
    expect(rest.body.replace(/^\uFEFF/, "")).toBe(
      "Name,Email,Last contacted\r\nOld Friend,old@example.com,2019-03-01\r\nNo Date,nodate@example.com,\r\n",
    );
    const done = await upload(t.app, user, "/api/imports", file, {
      fit: { order: "recent", keep: 2 },
    });
    expect(done.statusCode, done.body).toBe(201);
    const added = (await listContacts(t.app, user)).filter((c) => !c.firstName.startsWith("Had"));
    expect(added.map((c) => c.firstName).sort()).toEqual(["Middle", "Recent"]);
  });

  it("gives back a vCard file's own cards for the ones left for later", async () => {
    const user = await createUser(t.app);
    await fill(t, user, 999);
    const card = (name: string) =>
      `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${name}\r\nN:${name.split(" ")[1]};${name.split(" ")[0]};;;\r\nNOTE:Met at the\r\n  conference\r\nEND:VCARD\r\n`;
    const content = card("Ada Lovelace") + card("Grace Hopper") + card("Alan Turing");
    const file = { name: "phone export.vcf", content, type: "text/vcard" };
    const rest = await upload(t.app, user, "/api/imports/left-over", file, {
      fit: { order: "file", keep: 1 },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.headers["content-disposition"]).toBe(
      'attachment; filename="phone-export-left-for-later.vcf"',
    );
    expect(rest.body).toBe(card("Grace Hopper") + card("Alan Turing"));
  });

  it("answers 404 for the rest of a file that fits", async () => {
    const user = await createUser(t.app);
    const rest = await upload(t.app, user, "/api/imports/left-over", {
      name: "small.csv",
      content: csv(3),
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.json().error.message).toBe(
      "Every new contact in this file fits under the limit, so nothing is left for later.",
    );
  });

  it("lets only one of two imports at once take the last places, and the other lands nothing", async () => {
    const user = await createUser(t.app);
    await fill(t, user, 990);
    const first = { name: "a.csv", content: csv(15, 0) };
    const second = { name: "b.csv", content: csv(15, 100) };
    const fit = { fit: { order: "file", keep: 10 } };
    const [a, b] = await Promise.all([
      upload(t.app, user, "/api/imports", first, fit),
      upload(t.app, user, "/api/imports", second, fit),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().error).toMatchObject({
      code: "LIMIT_REACHED",
      message:
        "Nothing was imported: you now have room for 0 more contacts, not 10 (the limit is 1,000). Your contacts changed since the preview; choose the file again to see what fits now.",
    });
    const list = await listContacts(t.app, user);
    expect(list).toHaveLength(1000);
    const winner = a.statusCode === 201 ? "0" : "100";
    const added = list.filter((c) => c.firstName === "Person");
    expect(added).toHaveLength(10);
    expect(added.some((c) => c.lastName === winner)).toBe(true);
    expect((await injectAs(t.app, user, { url: "/api/imports" })).json().items).toHaveLength(1);
  });

  it("refuses an import that would cross the limit unless the offer is taken, and accepts it once it fits", async () => {
    const user = await createUser(t.app);
    await fill(t, user, 995);
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

  it("refuses a file past what one import reads, naming both bounds", async () => {
    const user = await createUser(t.app);
    const res = await upload(t.app, user, "/api/imports/preview", {
      name: "huge.csv",
      content: csv(5001),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(
      "This file has 5,001 contacts; the most we can read at once is 5,000 (an account holds 1,000). Split it into smaller files and import them one at a time.",
    );
  });

  it("imports 1,000 rows into an empty account", async () => {
    const user = await createUser(t.app);
    const res = await upload(t.app, user, "/api/imports", { name: "full.csv", content: csv(1000) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import.createdCount).toBe(1000);
    expect((await injectAs(t.app, user, { url: "/api/contacts" })).json().total).toBe(1000);
  });
});
