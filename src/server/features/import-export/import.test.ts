// Importing through the API: preview (dry run), commit in one transaction, strict vs lenient,
// duplicates, vCard, bad files that change nothing, and undo of the last import.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import {
  fixture,
  listContacts,
  multipart,
  names,
  upload,
} from "../../../../tests/helpers/import-test-kit";

const google = () => ({ name: "contacts.csv", content: fixture("google-contacts.csv") });

describe("import API", () => {
  let t: TestApp;
  let user: TestUser;
  let alanId: string;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    user = await createUser(t.app);
    const alan = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "Alan", lastName: "Turing", emails: [{ value: "alan@example.com" }] },
    });
    expect(alan.statusCode).toBe(201);
    alanId = alan.json().id;
  });

  it("previews a Google Contacts file: source, mapping, row problems, duplicates; writes nothing", async () => {
    const res = await upload(t.app, user, "/api/imports/preview", google());
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      fileName: "contacts.csv",
      source: "google",
      sourceLabel: "Google Contacts",
      unit: "row",
      summary: { total: 6, create: 4, merge: 1, skip: 0, invalid: 1, unchanged: 0 },
      capacity: { limit: 1000, used: 1, available: 999, fits: true },
    });
    expect(preview.mapping[preview.headers.indexOf("E-mail 1 - Value")]).toBe("email");
    const bad = preview.rows.find((r: { line: number }) => r.line === 8);
    expect(bad.decision).toBeNull();
    expect(bad.errors.map((e: { field: string }) => e.field)).toEqual(["firstName"]);
    expect(bad.warnings.map((e: { field: string }) => e.field)).toEqual(["email"]);
    const alan = preview.rows.find((r: { name: string }) => r.name === "Alan Turing");
    expect(alan).toMatchObject({
      duplicate: { kind: "existing", contactId: alanId, name: "Alan Turing", reason: "email" },
      suggested: "merge",
      decision: "merge",
    });
    expect(names(await listContacts(t.app, user))).toEqual(["Alan Turing"]);
  });

  it("commits leniently: valid rows in, bad rows skipped, the duplicate merged", async () => {
    const res = await upload(t.app, user, "/api/imports", google(), { strict: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      import: { source: "google", createdCount: 4, mergedCount: 1, skippedCount: 1, canUndo: true },
      summary: { create: 4, merge: 1, invalid: 1 },
    });
    const list = await listContacts(t.app, user);
    expect(names(list)).toEqual([
      "Ada Lovelace",
      "Alan Turing",
      "Grace Brewster Hopper",
      "José Álvarez",
      "Katherine Johnson",
    ]);
    const alan = list.find((c) => c.id === alanId)!;
    expect(alan).toMatchObject({ company: "Bletchley Park", tags: ["Friends"], importId: null });
    const ada = list.find((c) => c.firstName === "Ada")!;
    expect(ada).toMatchObject({
      emails: [
        { label: "home", value: "ada@example.com" },
        { label: "work", value: "ada@engines.example" },
      ],
      birthday: { day: 10, month: 12, year: 1985 },
      importId: res.json().import.id,
    });
  });

  it("follows the user's mapping and per-row choices", async () => {
    const preview = (await upload(t.app, user, "/api/imports/preview", google())).json();
    const mapping = [...preview.mapping];
    mapping[preview.headers.indexOf("Organization Department")] = "tags";
    const res = await upload(t.app, user, "/api/imports", google(), {
      mapping,
      decisions: { "9": "create", "2": "skip" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await listContacts(t.app, user);
    expect(names(list).filter((n) => n === "Alan Turing")).toHaveLength(2);
    expect(names(list)).not.toContain("Ada Lovelace");
    expect(list.find((c) => c.firstName === "Katherine")!.tags).toEqual(["Research"]);
  });

  // That a failure after the first write rolls everything back: import-rollback.test.ts.
  it("strict mode: one bad row refuses the whole import before anything is written", async () => {
    const res = await upload(t.app, user, "/api/imports", google(), { strict: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Nothing was imported: row 8 has a problem, and strict mode stops the whole import. Fix the file, or turn strict mode off to skip those rows.",
    );
    expect(names(await listContacts(t.app, user))).toEqual(["Alan Turing"]);
    expect((await injectAs(t.app, user, { url: "/api/imports" })).json().items).toEqual([]);
  });

  it("strict mode imports a clean file", async () => {
    const res = await upload(
      t.app,
      user,
      "/api/imports",
      { name: "outlook.csv", content: fixture("outlook-contacts.csv") },
      { strict: true },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import.createdCount).toBe(3);
  });

  it("accepts the file as JSON too", async () => {
    const content = fixture("linkedin-connections.csv").toString("utf8");
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports",
      payload: { fileName: "Connections.csv", content },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ source: "linkedin", fileName: "Connections.csv" });
  });

  it("imports vCard 3.0 and 4.0 through the same preview and commit", async () => {
    for (const [name, count] of [
      ["contacts-v3.vcf", 3],
      ["contacts-v4.vcf", 2],
    ] as const) {
      const file = { name, content: fixture(name), type: "text/vcard" };
      const preview = (await upload(t.app, user, "/api/imports/preview", file)).json();
      expect(preview).toMatchObject({ source: "vcard", unit: "card" });
      const res = await upload(t.app, user, "/api/imports", file);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().import.createdCount).toBe(count);
    }
    const grace = (await listContacts(t.app, user)).find((c) => c.lastName === "Hopper")!;
    expect(grace).toMatchObject({ latitude: 38.8977, birthday: { day: 9, month: 12, year: 1906 } });
  });

  it("imports a file sent over a socket, where it arrives in many pieces", async () => {
    // ~2.3 MB: dozens of socket reads, several pages to the worker, and characters of two to
    // four bytes that the reads split. The worker joins the pieces before it decodes any text.
    const note = "Zoë ☕ Ångström 🌍 ".repeat(300);
    const lines = Array.from({ length: 300 }, (_, i) => `Zoë${i},Ørsted ☕,"${note}"`);
    const csv = ["First Name,Last Name,Notes", ...lines].join("\n");
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2_000_000);
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "many-pieces.csv");
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${baseUrl}/api/imports`, {
      method: "POST",
      body: form,
      headers: { cookie: user.cookie, origin: TEST_APP_URL },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).import).toMatchObject({
      createdCount: 300,
      fileName: "many-pieces.csv",
    });
    const imported = (await listContacts(t.app, user)).filter((c) => c.lastName === "Ørsted ☕");
    expect(imported.map((c) => c.firstName).sort()).toEqual(
      Array.from({ length: 300 }, (_, i) => `Zoë${i}`).sort(),
    );
    expect(imported.every((c) => c.notes === note.trim())).toBe(true);
  });

  describe("bad files get a clear message and change nothing", () => {
    const cases: [string, Uint8Array | string, number, RegExp][] = [
      ["empty.csv", "", 400, /This file is empty/],
      [
        "photo.png",
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13]),
        415,
        /isn't a CSV or vCard file/,
      ],
      [
        "book.xlsx",
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0]),
        415,
        /Save it as "CSV UTF-8"/,
      ],
      [
        "latin1.csv",
        new Uint8Array([...Buffer.from("First name,Last name\nJos"), 0xe9, 10]),
        415,
        /isn't UTF-8/,
      ],
      ["prose.txt", "Dear diary, today I met nobody at all", 400, /couldn't find a header row/],
      ["header-only.csv", "First Name,Last Name,Email\n", 400, /no contacts below it/],
      ["other.json", '{"hello": "world"}', 400, /isn't a Tend account export/],
    ];
    it.each(cases)("%s", async (name, content, status, message) => {
      for (const url of ["/api/imports/preview", "/api/imports"] as const) {
        const res = await upload(t.app, user, url, { name, content });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.message).toMatch(message);
      }
      expect(names(await listContacts(t.app, user))).toEqual(["Alan Turing"]);
    });

    it("a file over 10 MB", async () => {
      const big = `Name,Email\n${"x".repeat(10 * 1024 * 1024)}`;
      const res = await upload(t.app, user, "/api/imports", { name: "big.csv", content: big });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(
        "This file is larger than 10 MB. Split it into smaller files and import them one at a time.",
      );
      expect(names(await listContacts(t.app, user))).toEqual(["Alan Turing"]);
    });

    it("a request without a file, and unreadable options", async () => {
      const none = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/imports",
        ...(await multipart(null, { strict: true })),
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe("Choose a file to import.");
      const badOptions = await upload(t.app, user, "/api/imports", google(), {
        mapping: ["nonsense"],
      });
      expect(badOptions.statusCode).toBe(400);
    });

    it("a mapping that doesn't fit the file", async () => {
      const res = await upload(t.app, user, "/api/imports", google(), { mapping: ["firstName"] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/doesn't match this file's columns/);
    });
  });
});
