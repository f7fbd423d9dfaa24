// What the preview tells about each row: every field it brings, and the values left out
// counted by kind across the file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, type TestApp } from "../../../../tests/helpers/test-app";
import { upload } from "../../../../tests/helpers/import-test-kit";

describe("the import review", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("lists each card's values and counts what is left out by kind", async () => {
    const user = await createUser(t.app);
    const card = (lines: string[]) =>
      ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");
    const content =
      card([
        "FN:Marie Curie",
        "N:Curie;Marie;;;",
        "EMAIL;TYPE=WORK:marie@example.com",
        "EMAIL:marie@",
        "TEL;TYPE=CELL:+33 1 23 45 67 89",
        "BDAY:1867-11-07",
        "CATEGORIES:Science",
      ]) +
      card(["FN:Pierre Curie", "EMAIL:pierre@", "BDAY:1859-13-40"]) +
      card(["ORG:Acme Plumbing", "EMAIL:acme@"]);
    const res = await upload(t.app, user, "/api/imports/preview", {
      name: "phone.vcf",
      content,
      type: "text/vcard",
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.rows[0].details).toEqual([
      { label: "Email", value: "work: marie@example.com" },
      { label: "Phone", value: "mobile: +33 1 23 45 67 89" },
      { label: "Birthday", value: "1867-11-07" },
      { label: "Tags", value: "Science" },
    ]);
    expect(preview.rows[1].details).toEqual([]);
    expect(preview.rows[2].details).toEqual([{ label: "Company", value: "Acme Plumbing" }]);
    // The company that names the third card is not a loss; its bad address is.
    expect(preview.leftOut).toEqual([
      { field: "email", count: 3 },
      { field: "birthday", count: 1 },
    ]);
    expect(preview.overLimit).toBeNull();
  });
});
