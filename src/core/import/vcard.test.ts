import { describe, expect, it } from "vitest";
import v3 from "../../../tests/fixtures/import/contacts-v3.vcf?raw";
import v4 from "../../../tests/fixtures/import/contacts-v4.vcf?raw";
import type { ExportContact } from "./csv-export";
import { readImport } from "./read-import";
import { parseProperty, parseVcardProperties, parseVcardTable } from "./vcard-parse";
import { buildVcards, escapeVcardText, foldLine } from "./vcard-write";

const now = new Date("2025-06-01T12:00:00Z");
const read = (text: string) => readImport({ bytes: new TextEncoder().encode(text), now });

describe("vCard reading", () => {
  it("parses groups, parameters in both styles, and quoted values", () => {
    expect(parseProperty("item1.EMAIL;type=INTERNET;type=pref:ada@example.com")).toEqual({
      group: "item1",
      name: "EMAIL",
      params: { TYPE: ["INTERNET", "pref"] },
      value: "ada@example.com",
    });
    expect(parseProperty('TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555')).toMatchObject({
      params: { VALUE: ["uri"], TYPE: ["voice", "cell"] },
      value: "tel:+1-555",
    });
    expect(parseProperty("TEL;WORK;VOICE:+1 555")?.params).toEqual({ TYPE: ["WORK", "VOICE"] });
  });

  it("unfolds continuation lines and decodes 2.1 quoted-printable", () => {
    const cards = parseVcardProperties(
      "BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE:one\r\n  two\r\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:=C3=81lvarez;Jos=\r\n=C3=A9\r\nEND:VCARD\r\n",
    );
    expect(cards[0]!.find((p) => p.name === "NOTE")?.value).toBe("one two");
    expect(cards[0]!.find((p) => p.name === "N")?.value).toBe("Álvarez;José");
  });

  it("labels grouped emails and phones with Apple's X-ABLABEL of the same group", () => {
    const table = parseVcardTable(
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nitem1.EMAIL:ada@example.com\r\nitem1.X-ABLABEL:_$!<Other>!$_\r\nitem2.TEL:+1 555\r\nitem2.X-ABLABEL:Studio\r\nEMAIL;TYPE=WORK:a@work.example\r\nEND:VCARD\r\n",
    );
    const cells = table.rows[0]!.cells;
    expect(cells[table.headers.indexOf("Emails")]).toBe(
      "other: ada@example.com; work: a@work.example",
    );
    expect(cells[table.headers.indexOf("Phones")]).toBe("studio: +1 555");
  });

  it("reads a vCard 3.0 file into the same preview rows as a CSV", () => {
    const result = read(v3);
    expect(result).toMatchObject({ source: "vcard", unit: "card" });
    const [ada, grace, jose, broken] = result.rows;
    expect(ada!.contact).toMatchObject({
      firstName: "Ada Augusta",
      lastName: "Lovelace",
      emails: [
        { label: "home", value: "ada@example.com" },
        { label: "work", value: "ada@engines.example" },
      ],
      phones: [{ label: "mobile", value: "+44 20 7946 0958" }],
      company: "Analytical Engines Ltd",
      jobTitle: "Mathematician",
      // Apple's year 1604 means "no year".
      birthday: { day: 10, month: 12, year: null },
      city: "London",
      region: "England",
      country: "United Kingdom",
      countryCode: "GB",
      // A comma inside a category is kept by vCard, but tags split on commas (decision 031).
      tags: ["Friends", "Science", "History"],
    });
    expect(ada!.contact?.notes).toBe(
      "Met at the Royal Society, 1833.\nLoves poetry; and engines. This note is long enough that the exporting phone folded it onto a second line.",
    );
    expect(grace!.contact).toMatchObject({
      birthday: { day: 9, month: 12, year: 1906 },
      latitude: 38.8977,
      longitude: -77.0365,
    });
    expect(jose!.contact).toMatchObject({ firstName: "José", lastName: "Álvarez" });
    expect(broken!.contact).toBeNull();
    expect(broken!.line).toBe(4);
  });

  it("reads a vCard 4.0 file: tel: URIs, --MMDD birthdays, geo: URIs", () => {
    const [katherine, dorothy] = read(v4).rows;
    expect(katherine!.contact).toMatchObject({
      phones: [{ label: "mobile", value: "+1-555-010-4040" }],
      birthday: { day: 26, month: 8, year: 1918 },
      city: "Hampton",
      tags: ["Space", "Science"],
    });
    expect(dorothy!.contact).toMatchObject({
      birthday: { day: 20, month: 9, year: null },
      latitude: 37.0871,
      longitude: -76.379,
    });
  });

  it("refuses a .vcf without cards", () => {
    expect(() => parseVcardTable("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toThrow(/empty/);
  });
});

const ada: ExportContact = {
  id: "6f0a5d1e-9f3b-4c1e-8a55-3f2d8b1c0a11",
  firstName: "Ada",
  lastName: "Lovelace",
  emails: [{ label: "home", value: "ada@example.com" }],
  phones: [{ label: "mobile", value: "+44 20 7946 0958" }, { value: "020 7946 0000" }],
  company: "Engines; Ltd, \\ Co",
  jobTitle: "Mathematician",
  notes: "Line one\nLine two, with a comma; and a semicolon. ".repeat(3).trim(),
  preferredMethod: "in_person",
  telegramUsername: "ada_l",
  city: "London",
  region: "England",
  country: "United Kingdom",
  countryCode: "GB",
  latitude: 51.5074,
  longitude: -0.1278,
  birthday: { day: 10, month: 12, year: null },
  tags: ["Friends", "Book club"],
  rhythm: { interval: 2, unit: "week" },
  lastContactedAt: "2025-05-01T09:00:00.000Z",
  nextDueAt: "2025-05-15T00:00:00.000Z",
  archivedAt: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("vCard 4.0 writing", () => {
  it("escapes backslash, newline, comma and semicolon", () => {
    expect(escapeVcardText("a\\b\nc,d;e")).toBe("a\\\\b\\nc\\,d\\;e");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const folded = foldLine(`NOTE:${"é".repeat(100)}`);
    for (const line of folded.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`NOTE:${"é".repeat(100)}`);
  });

  it("round-trips every field through our own reader", () => {
    const text = buildVcards([ada]);
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
    expect(text).toContain("BDAY:--1210\r\n");
    const [row] = read(text).rows;
    expect(row!.errors).toEqual([]);
    const { id: _id, createdAt: _c, lastContactedAt, nextDueAt, archivedAt, ...fields } = ada;
    expect(row!.contact).toEqual(fields);
    expect(row!.extras).toEqual({ lastContactedAt, nextDueAt, archivedAt });
  });
});
