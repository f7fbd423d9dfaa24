// Exports: CSV (every field, formula-safe), vCard 4.0 and the full JSON; only the user's own data;
// paid users only.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { AccountExportSchema } from "../../../core/import/account-export";
import { TEND_CSV_HEADERS } from "../../../core/import/csv-export";
import { listContacts, names, upload } from "../../../../tests/helpers/import-test-kit";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";

describe("exports", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    other = await createUser(t.app);
    const add = (as: TestUser, payload: Record<string, unknown>) =>
      injectAs(t.app, as, { method: "POST", url: "/api/contacts", payload });
    const ada = await add(user, {
      firstName: "=cmd|' /C calc'!A0",
      lastName: "Lovelace",
      emails: [{ label: "home", value: "ada@example.com" }],
      phones: [{ label: "mobile", value: "+44 20 7946 0958" }],
      notes: "@SUM(1+1)\nsecond line",
      latitude: -33.8688,
      longitude: 151.2093,
      rhythm: { interval: 1, unit: "month" },
      tags: ["Friends"],
    });
    expect(ada.statusCode, ada.body).toBe(201);
    await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${ada.json().id}/interactions`,
      payload: { channel: "email", note: "Caught up at the café ☕" },
    });
    await add(other, { firstName: "Someone", lastName: "Else" });
    const imported = await upload(t.app, user, "/api/imports", {
      name: "friends.csv",
      content: "First name,Last name,Email\nGrace,Hopper,grace@example.com\n",
    });
    expect(imported.statusCode, imported.body).toBe(201);
  });
  afterAll(async () => t.close());

  it("CSV in Google's and Outlook's layouts: their columns, named files, only own contacts", async () => {
    for (const [layout, column] of [
      ["google", "E-mail 1 - Value"],
      ["outlook", "E-mail Address"],
    ] as const) {
      const res = await injectAs(t.app, user, {
        url: `/api/exports/contacts.csv?layout=${layout}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(
        new RegExp(`filename="tend-contacts-${layout}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
      );
      const [header, ...rows] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, "").trim()).data;
      const emails = rows.map((row) => row[header!.indexOf(column)]);
      expect(emails.sort()).toEqual(["ada@example.com", "grace@example.com"]);
    }
    const bad = await injectAs(t.app, user, { url: "/api/exports/contacts.csv?layout=excel" });
    expect(bad.statusCode).toBe(400);
  });

  it("CSV: every field under our headers, no text cell starting with a formula character", async () => {
    const res = await injectAs(t.app, user, { url: "/api/exports/contacts.csv" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="tend-contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toEqual([...TEND_CSV_HEADERS]);
    expect(rows).toHaveLength(3);
    const isNumber = (i: number) => ["Latitude", "Longitude"].includes(TEND_CSV_HEADERS[i]!);
    for (const row of rows) {
      row.forEach((cell, i) => {
        if (!isNumber(i)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      });
    }
    const adaRow = rows.find((r) => r[1] === "Lovelace")!;
    const ada = Object.fromEntries(TEND_CSV_HEADERS.map((h, i) => [h, adaRow[i]]));
    expect(ada).toMatchObject({
      "First name": "'=cmd|' /C calc'!A0",
      Notes: "'@SUM(1+1)\nsecond line",
      Phones: "mobile: +44 20 7946 0958",
      Latitude: "-33.8688",
      Rhythm: "Monthly",
      Tags: "Friends",
    });
    expect(ada["Last contacted"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body).not.toContain("Someone");
  });

  it("vCard 4.0", async () => {
    const res = await injectAs(t.app, user, { url: "/api/exports/contacts.vcf" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/vcard; charset=utf-8");
    expect(res.body).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
    expect(res.body).toContain("EMAIL;TYPE=home:ada@example.com\r\n");
    expect(res.body).toContain("X-TEND-RHYTHM:Monthly\r\n");
    expect(res.body).not.toContain("Someone");
  });

  it("vCard: a label holding line breaks exports as one card and imports back as one contact", async () => {
    const forged = "w\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Forged";
    const [author, reader] = [await createUser(t.app), await createUser(t.app)];
    const added = await addContact(t.app, author, {
      firstName: "Mallory",
      emails: [{ label: forged, value: "mallory@example.com" }],
      phones: [{ label: forged, value: "+1 555 0100" }],
    });
    expect(added.emails[0]?.label).toBe("w END:VCARD BEGIN:VCARD FN:Forged");
    const vcf = (await injectAs(t.app, author, { url: "/api/exports/contacts.vcf" })).body;
    expect(vcf.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(1);
    expect(vcf).not.toMatch(/^FN:Forged/m);
    const imported = await upload(t.app, reader, "/api/imports", { name: "a.vcf", content: vcf });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(names(await listContacts(t.app, reader))).toEqual(["Mallory"]);
  });

  it("JSON: profile, settings, reminders, contacts, history and imports of this account only", async () => {
    const res = await injectAs(t.app, user, { url: "/api/exports/account.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(res.rawPayload.length));
    expect(res.headers["content-disposition"]).toMatch(/tend-account-\d{4}-\d{2}-\d{2}\.json/);
    const data = AccountExportSchema.parse(res.json());
    expect(data.account.email).toBe(user.email);
    expect(data.contacts).toHaveLength(2);
    const ada = data.contacts.find((c) => c.lastName === "Lovelace")!;
    const grace = data.contacts.find((c) => c.lastName === "Hopper")!;
    expect(data.interactions).toMatchObject([
      { channel: "email", note: "Caught up at the café ☕" },
    ]);
    expect(data.interactions[0]!.contactId).toBe(ada.id);
    expect(data.imports).toEqual([
      {
        id: grace.importId,
        source: "generic",
        fileName: "friends.csv",
        createdCount: 1,
        mergedCount: 0,
        skippedCount: 0,
        status: "committed",
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        undoneAt: null,
      },
    ]);
    expect(ada.importId).toBeNull();
    expect(res.body).not.toContain("Someone");
    expect(res.body).not.toMatch(/password|token|mergedSnapshots/i);
  });

  it("JSON: an export that lists past imports imports back into a new account", async () => {
    const exported = await injectAs(t.app, user, { url: "/api/exports/account.json" });
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ source: "json", createdCount: 2 });
    const list = await injectAs(t.app, target, { url: "/api/contacts" });
    expect(
      list
        .json()
        .items.map((c: { lastName: string }) => c.lastName)
        .sort(),
    ).toEqual(["Hopper", "Lovelace"]);
    // Only this import is in the new account's history: the file's list is a record, not data
    // to restore.
    const imports = await injectAs(t.app, target, { url: "/api/imports" });
    expect(imports.json().items).toHaveLength(1);
  });
});

describe("paid access", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local" });
  });
  afterAll(async () => t.close());

  it("answers 402 on every import and export route to a user without a subscription", async () => {
    const user = await createUser(t.app);
    const routes: [string, string][] = [
      ["POST", "/api/imports/preview"],
      ["POST", "/api/imports"],
      ["GET", "/api/imports"],
      ["POST", "/api/imports/7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001/undo"],
      ["GET", "/api/exports/contacts.csv"],
      ["GET", "/api/exports/contacts.vcf"],
      ["GET", "/api/exports/account.json"],
    ];
    for (const [method, url] of routes) {
      const res = await injectAs(t.app, user, {
        method: method,
        url,
        ...(method === "POST" ? { payload: { content: "First name\nAda" } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(402);
      const anonymous = await t.app.inject({ method: method as "GET" | "POST", url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
