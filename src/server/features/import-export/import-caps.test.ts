// Hostile and oversized files through the API (item 1): each answers 4xx with the
// cap's message, never 500, and nothing is written. And the worker threads that now read and
// plan imports give exactly what the same functions give in this thread.
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContactsCsv } from "../../../core/import/csv-export";
import { planImport } from "../../../core/import/plan-import";
import { readImport } from "../../../core/import/read-import";
import { buildVcards } from "../../../core/import/vcard-write";
import { commaHeaderCsv, wideCsv } from "../../../../tests/fixtures/import/hostile-files";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { createCpuPool, type CpuPool } from "../../lib/cpu-pool";
import { fixture, listContacts, upload } from "../../../../tests/helpers/import-test-kit";

const URLS = ["/api/imports/preview", "/api/imports"] as const;

describe("import caps through the API", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  async function expectRefused(content: string, message: string | RegExp) {
    const before = await listContacts(t.app, user);
    for (const url of URLS) {
      const res = await upload(t.app, user, url, { name: "contacts.csv", content });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe("LIMIT_REACHED");
      expect(res.json().error.message).toMatch(message);
    }
    expect(await listContacts(t.app, user)).toEqual(before);
  }

  it("answers the probe's header of five million commas with 422 and its column count", async () => {
    await expectRefused(
      commaHeaderCsv(),
      "This file has 5,000,001 columns; the most we can read is 500. Delete the columns you don't need (or export only the contact fields) and try again.",
    );
  });

  it("answers 501 columns with 422 (it was a 500), and imports 500", async () => {
    await expectRefused(wideCsv(501), /^This file has 501 columns; the most we can read is 500\./);
    const res = await upload(t.app, user, "/api/imports", { name: "w.csv", content: wideCsv(500) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().summary.create).toBe(1);
  });

  it("answers an over-long line and an over-long cell with 422", async () => {
    await expectRefused(
      `First Name,Notes\nAda,${"x".repeat(100_001)}\n`,
      /^Line 2 of this file is 100,005 characters long; the most we can read is 100,000 per line\./,
    );
    await expectRefused(
      `First Name,Notes\nAda,"${"y\n".repeat(12_000)}"\n`,
      /^Row 2 has 23,999 characters in "Notes"; the most we can read in one cell is 20,000\./,
    );
  });
});

describe("JSON uploads are parsed in a worker thread", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  function post(url: string, payload: string) {
    return injectAs(t.app, user, {
      method: "POST",
      url,
      payload,
      headers: { "content-type": "application/json" },
    });
  }

  it("never runs the body through JSON.parse on the event loop", async () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const body = JSON.stringify({ fileName: "c.csv", content: commaHeaderCsv(1_000_000) });
      const res = await post("/api/imports/preview", body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toMatch(/^This file has 1,000,001 columns;/);
      const large = parse.mock.calls.filter(([text]) => text.length > 100_000);
      expect(large).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it("answers a body that is not an upload with 400 and what to send, and writes nothing", async () => {
    const before = await listContacts(t.app, user);
    for (const url of URLS) {
      const broken = await post(url, "{not json");
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json().error.message).toMatch(/send JSON with the file's text in “content”/);
      const wrong = await post(url, JSON.stringify({ content: 5, strict: "yes" }));
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^Please check your input\. (content|strict): .+; /),
        fields: { content: expect.any(String), strict: expect.any(String) },
      });
      const nothing = await post(url, "null");
      expect(nothing.json().error.message).toBe("Choose a file to import.");
    }
    expect(await listContacts(t.app, user)).toEqual(before);
  });

  it("answers a file over 10 MB inside a JSON body with 413", async () => {
    const content = `First Name\n${"Ada\n".repeat(2_700_000)}`;
    const res = await post("/api/imports/preview", JSON.stringify({ content }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toMatch(/^This file is larger than 10 MB\./);
  });

  it("refuses a body over the route's limit with 413, declared or found while reading", async () => {
    const declared = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      payload: "{}",
      headers: { "content-type": "application/json", "content-length": String(30_000_000) },
    });
    expect(declared.statusCode, declared.body).toBe(413);
    // No length given (chunked): refused once more than 20 MB has arrived.
    const megabyte = Buffer.alloc(1024 * 1024, "a");
    const endless = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      payload: Readable.from(Array.from({ length: 25 }, () => megabyte)),
      headers: { "content-type": "application/json" },
    });
    expect(endless.statusCode, endless.body).toBe(413);
    expect(endless.json().error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "That upload is too large.",
    });
  });

  it("reads a gzip-compressed JSON upload: its declared length is the compressed one", async () => {
    const body = JSON.stringify({ fileName: "zipped.csv", content: "First Name\nAda\nGrace\n" });
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/imports/preview",
      payload: gzipSync(body),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileName: "zipped.csv", summary: { create: 2 } });
  });

  it("reads a JSON upload that reaches the server over a socket in many pieces", async () => {
    const note = "Zoë ☕ Ångström 🌍 ".repeat(300);
    const lines = Array.from({ length: 200 }, (_, i) => `Zoë${i},Ørsted,"${note}"`);
    const content = ["First Name,Last Name,Notes", ...lines].join("\n");
    const body = JSON.stringify({ fileName: "pieces.csv", content });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1_500_000);
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${baseUrl}/api/imports/preview`, {
      method: "POST",
      body,
      headers: { cookie: user.cookie, origin: TEST_APP_URL, "content-type": "application/json" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const preview = await res.json();
    expect(preview).toMatchObject({ fileName: "pieces.csv", summary: { create: 200 } });
    expect(JSON.stringify(preview)).toContain("Zoë199 Ørsted");
  });

  it("keeps the file name a JSON upload gives, for the import and for its failure alert", async () => {
    const ok = await post(
      "/api/imports",
      JSON.stringify({ fileName: "Friends.csv", content: "First Name\nAda\n" }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().import.fileName).toBe("Friends.csv");
    const refused = await post(
      "/api/imports",
      JSON.stringify({ fileName: "Wide.csv", content: wideCsv(501) }),
    );
    expect(refused.statusCode).toBe(422);
    const alerts = await injectAs(t.app, user, { url: "/api/notifications" });
    expect(JSON.stringify(alerts.json())).toContain("Wide.csv: nothing was imported.");
  });
});

describe("import work in worker threads", () => {
  let pool: CpuPool;
  const now = new Date("2025-06-01T12:00:00Z");
  beforeAll(() => {
    pool = createCpuPool(new URL("./import-tasks.ts", import.meta.url));
  });
  afterAll(async () => pool.close());

  const files = [
    "google-contacts.csv",
    "google-contacts-legacy.csv",
    "outlook-contacts.csv",
    "linkedin-connections.csv",
    "contacts-v3.vcf",
    "contacts-v4.vcf",
  ];

  it.each(files)("reads and plans %s exactly as this thread does", async (name) => {
    const bytes = new Uint8Array(fixture(name));
    const upload = { kind: "file", fileName: name, options: {}, bytes };
    const read = await pool.run("readUploadTask", { upload, now });
    const file = readImport({ bytes, now });
    expect(read).toEqual({ ok: true, fileName: name, options: {}, file });
    // Each row against the file's own first row as an existing contact: duplicates, merges.
    const first = file.rows.find((r) => r.contact)!;
    const input = {
      rows: file.rows,
      existing: [{ id: "c1", name: first.displayName, contact: first.contact! }],
      decisions: { [String(file.rows.at(-1)!.line)]: "skip" as const },
    };
    expect(await pool.run("planImportTask", input)).toEqual(planImport(input));
  });

  it("returns a file problem as data the route turns into the cap's message", async () => {
    const content = wideCsv(600);
    const bytes = new TextEncoder().encode(JSON.stringify({ content }));
    expect(await pool.run("readUploadTask", { upload: { kind: "json", bytes }, now })).toEqual({
      ok: false,
      fileName: null,
      kind: "file",
      code: "TOO_MANY_COLUMNS",
      message: expect.stringMatching(/^This file has 600 columns;/),
    });
  });

  it("writes the same CSV and vCard exports", async () => {
    const t = await build();
    try {
      const user = await createUser(t.app);
      await upload(t.app, user, "/api/imports", {
        name: "g.csv",
        content: fixture("google-contacts.csv"),
      });
      const contacts = await listContacts(t.app, user);
      expect(contacts.length).toBeGreaterThan(2);
      expect(await pool.run("contactsCsvTask", { contacts })).toBe(
        buildContactsCsv(contacts as never),
      );
      expect(await pool.run("vcardsTask", { contacts })).toBe(buildVcards(contacts as never));
    } finally {
      await t.close();
    }
  });
});
