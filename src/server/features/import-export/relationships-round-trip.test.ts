// Relationships through the exports: the vCard carries RELATED (by the other card's UID), the
// JSON export a list of links; importing either into another account links the same people.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import {
  importVcardIntoNewAccount,
  listContacts,
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
});
