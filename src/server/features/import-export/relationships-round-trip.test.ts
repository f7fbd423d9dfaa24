// Relationships through the exports: the vCard carries RELATED (by the other card's UID), the
// JSON export a list of links, the CSV a Related column by name (and id, for namesakes);
// importing any of them into another account links the same people.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import Papa from "papaparse";
import {
  importVcardIntoNewAccount,
  listContacts,
  names,
  upload,
} from "../../../../tests/helpers/import-test-kit";
import type { Relationship } from "../../../core/relationships";

describe("relationships in exports and imports", () => {
  let t: TestApp;
  let source: TestUser;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await build();
    source = await createUser(t.app);
    ids = {};
    for (const name of ["Sam", "Jo", "Ann", "Kim"]) {
      ids[name] = (await addContact(t.app, source, { firstName: name, lastName: "Carter" })).id;
    }
    for (const [from, to, type] of [
      ["Sam", "Jo", "partner"],
      ["Ann", "Sam", "parent"],
      ["Jo", "Kim", "godparent"],
    ] as const) {
      const res = await injectAs(t.app, source, {
        method: "POST",
        url: `/api/contacts/${ids[from]}/relationships`,
        payload: { relatedContactId: ids[to], type },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  async function linksBy(user: TestUser) {
    const people = await listContacts(t.app, user);
    const out: Record<string, string[]> = {};
    for (const p of people) {
      const res = await injectAs(t.app, user, { url: `/api/contacts/${p.id}/relationships` });
      out[p.firstName] = res
        .json<{ relationships: Relationship[] }>()
        .relationships.map((r) => `${r.other.firstName}: ${r.type}`);
    }
    return out;
  }
  const expected = {
    Sam: ["Ann: child", "Jo: partner"],
    Jo: ["Kim: godparent", "Sam: partner"],
    Ann: ["Sam: parent"],
    Kim: ["Jo: godparent"],
  };

  it("vCard: RELATED by UID, read back into another account", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/contacts.vcf" });
    expect(exported.statusCode).toBe(200);
    const text = exported.body.replace(/\r\n /g, "");
    expect(text).toContain(`RELATED;TYPE=spouse:urn:uuid:${ids.Jo}`);
    expect(text).toContain(`RELATED;TYPE=child:urn:uuid:${ids.Ann}`);
    expect(text).toContain(`RELATED;TYPE=contact;X-TEND-RELATION=godparent:urn:uuid:${ids.Kim}`);
    const target = await importVcardIntoNewAccount(t.app, exported.body);
    expect(await linksBy(target)).toEqual(expected);
  });

  it("vCard: a link by name (VALUE=text) to someone already in the account", async () => {
    const target = await createUser(t.app);
    await addContact(t.app, target, { firstName: "Jo", lastName: "Carter" });
    const card = [
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Sam Carter",
      "N:Carter;Sam;;;",
      "RELATED;VALUE=text;TYPE=spouse:Jo Carter",
      "RELATED;VALUE=text;TYPE=friend:Nobody Known",
      "RELATED;TYPE=friend:https://example.com/someone",
      "END:VCARD",
      "",
    ].join("\r\n");
    const res = await upload(t.app, target, "/api/imports", {
      name: "sam.vcf",
      content: card,
      type: "text/vcard",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await linksBy(target)).toEqual({ Sam: ["Jo: partner"], Jo: ["Sam: partner"] });
  });

  it("JSON: the links travel once each and come back both ways", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/account.json" });
    expect(exported.statusCode).toBe(200);
    const file = exported.json<{ relationships: { type: string }[] }>();
    // Stored once, lower id first: Ann–Sam reads "parent" or "child" by which id is lower.
    const types = file.relationships.map((r) => r.type);
    expect(types).toHaveLength(3);
    expect(types).toEqual(expect.arrayContaining(["partner", "godparent"]));
    expect(types.some((type) => type === "parent" || type === "child")).toBe(true);
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await linksBy(target)).toEqual(expected);
  });

  it("CSV: Related by name, and by id beside namesakes, read back into another account", async () => {
    const user = await createUser(t.app);
    const made: Record<string, string> = {};
    for (const [key, company] of [
      ["Sam", null],
      ["Jo A", "Acme"],
      ["Jo B", "Birch"],
      ["Ann", null],
    ] as const) {
      made[key] = (
        await addContact(t.app, user, {
          firstName: key.split(" ")[0]!,
          lastName: "Carter",
          company,
        })
      ).id;
    }
    for (const [from, to, type] of [
      ["Sam", "Jo A", "partner"],
      ["Ann", "Sam", "parent"],
      ["Jo B", "Sam", "sibling"],
      ["Ann", "Jo B", "godparent"],
    ] as const) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: `/api/contacts/${made[from]}/relationships`,
        payload: { relatedContactId: made[to], type },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const exported = await injectAs(t.app, user, { url: "/api/exports/contacts.csv" });
    expect(exported.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(exported.body.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const related = Object.fromEntries(
      rows.map((r) => [`${r["First name"]} ${r.Company}`.trim(), r.Related]),
    );
    expect(related).toEqual({
      Ann: `godparent: Jo Carter [${made["Jo B"]}]; parent: Sam Carter`,
      "Jo Acme": "partner: Sam Carter",
      "Jo Birch": "godparent: Ann Carter; sibling: Sam Carter",
      Sam: `child: Ann Carter; partner: Jo Carter [${made["Jo A"]}]; sibling: Jo Carter [${made["Jo B"]}]`,
    });

    const target = await createUser(t.app);
    // The second Jo Carter shares a name with the first: the review suggests skipping her.
    const line = rows.findIndex((r) => r.Company === "Birch") + 2;
    const res = await upload(
      t.app,
      target,
      "/api/imports",
      { name: "contacts.csv", content: exported.body },
      { decisions: { [line]: "create" } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const people = await listContacts(t.app, target);
    const label = (c: { firstName: string; company?: unknown }) =>
      `${c.firstName} ${typeof c.company === "string" ? c.company : ""}`.trim();
    const out: Record<string, string[]> = {};
    for (const p of people) {
      const list = await injectAs(t.app, target, { url: `/api/contacts/${p.id}/relationships` });
      out[label(p)] = list
        .json<{ relationships: Relationship[] }>()
        .relationships.map((r) => {
          const other = people.find((o) => o.id === r.other.id)!;
          return `${label(other)}: ${r.type}`;
        })
        .sort();
    }
    expect(out).toEqual({
      Sam: ["Ann: child", "Jo Acme: partner", "Jo Birch: sibling"],
      "Jo Acme": ["Sam: partner"],
      "Jo Birch": ["Ann: godparent", "Sam: sibling"],
      Ann: ["Jo Birch: godparent", "Sam: parent"],
    });
  });

  it("CSV: a link that names no one is a warning in the preview and the finished alert", async () => {
    const user = await createUser(t.app);
    const content =
      "First name,Last name,Related\nSam,Carter,partner: Nobody Known; friend: Ann Carter\nAnn,Carter,\n";
    const preview = await upload(t.app, user, "/api/imports/preview", { name: "f.csv", content });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<{
      rows: { warnings: { field: string; message: string }[] }[];
      leftOut: { field: string; count: number }[];
    }>();
    expect(body.rows[0]!.warnings).toEqual([
      {
        field: "related",
        message:
          'The link "partner: Nobody Known" names no one in this file or in your contacts. Left out.',
      },
    ]);
    expect(body.leftOut).toEqual([{ field: "related", count: 1 }]);
    const res = await upload(t.app, user, "/api/imports", { name: "f.csv", content });
    expect(res.statusCode, res.body).toBe(201);
    expect(names(await listContacts(t.app, user))).toEqual(["Ann Carter", "Sam Carter"]);
    const alerts = await injectAs(t.app, user, { url: "/api/notifications" });
    expect(alerts.json<{ content: string }[]>()[0]!.content).toContain(
      "1 link to related people left out, for Sam Carter",
    );
  });
});
