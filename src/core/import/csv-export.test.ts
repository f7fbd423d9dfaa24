import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  buildContactsCsv,
  escapeFormula,
  TEND_CSV_HEADERS,
  unescapeFormula,
  type ExportContact,
} from "./csv-export";
import { readImport } from "./read-import";

const contact: ExportContact = {
  id: "0b7f2c8e-5d41-4a6b-9f0e-1c2d3e4f5a6b",
  firstName: '=HYPERLINK("http://evil.example","click")',
  lastName: "@SUM(A1:A2)",
  namePrefix: "Dr.",
  nameSuffix: "-PhD",
  nickname: "Hype",
  emails: [{ label: "work", value: "ada@example.com" }, { value: "ada@home.example" }],
  phones: [{ label: "mobile", value: "+44 20 7946 0958" }],
  websites: [{ label: "blog", value: "https://zurich.example/a?b=1" }, { value: "example.org" }],
  company: "-2+3",
  jobTitle: "\tTabbed",
  notes: '\rCarriage\nand a "quote", a comma',
  preferredMethod: "whatsapp",
  telegramUsername: null,
  city: "Zürich",
  region: null,
  country: "Switzerland",
  countryCode: "CH",
  latitude: -33.8688,
  longitude: 151.2093,
  timeZone: "Australia/Sydney",
  addresses: [
    {
      label: "home",
      street: "Bahnhofstrasse 1; Hinterhaus",
      extended: "3. Stock\\links",
      city: "Zürich",
      region: "",
      postalCode: "8001",
      country: "Switzerland",
      isPlace: true,
    },
    {
      street: "=Bergweg 2",
      extended: "",
      city: "Davos",
      region: "GR",
      postalCode: "7270",
      country: "Switzerland",
      isPlace: false,
    },
  ],
  birthday: { day: 29, month: 2, year: 1988 },
  tags: ["Friends", "Climbing"],
  rhythm: { interval: 10, unit: "day" },
  lastContactedAt: "2025-05-01T09:00:00.000Z",
  nextDueAt: "2025-05-11T00:00:00.000Z",
  archivedAt: "2025-05-02T10:00:00.000Z",
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("escapeFormula (OWASP CSV injection)", () => {
  it.each(["=1+1", "+1", "-1", "@cmd", "\tx", "\rx", "＝1+1", "＋1", "－1", "＠cmd"])(
    "prefixes %j with a quote",
    (value) => {
      expect(escapeFormula(value)).toBe(`'${value}`);
      expect(unescapeFormula(escapeFormula(value))).toBe(value);
    },
  );

  it("leaves other values alone", () => {
    for (const value of ["Ada", "", " =not first", "'already", "'tis", "1+1"]) {
      expect(escapeFormula(value)).toBe(value);
      expect(unescapeFormula(value)).toBe(value);
    }
  });

  // Quotes already in front of a formula character get one more, so reading back strips exactly
  // the one we added and the value comes back as typed.
  it.each([
    ["'=1", "''=1"],
    ["''+x", "'''+x"],
    ["-5 apples", "'-5 apples"],
    ["'@home", "''@home"],
  ])("escapes %j as %j and reads it back unchanged", (value, escaped) => {
    expect(escapeFormula(value)).toBe(escaped);
    expect(escaped).not.toMatch(/^[=+\-@\t\r]/);
    expect(unescapeFormula(escaped)).toBe(value);
  });
});

describe("buildContactsCsv", () => {
  const csv = buildContactsCsv([contact]);
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true });

  it("writes every field under our headers, with a BOM for Excel", () => {
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(parsed.data[0]).toEqual([...TEND_CSV_HEADERS]);
    expect(parsed.data).toHaveLength(2);
  });

  it("lets no text cell begin with = + - @ tab or carriage return; numbers stay numbers", () => {
    const numbers = new Set(["Latitude", "Longitude"]);
    for (const row of parsed.data) {
      row.forEach((cell, i) => {
        if (!numbers.has(TEND_CSV_HEADERS[i]!)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      });
    }
    const byHeader = Object.fromEntries(TEND_CSV_HEADERS.map((h, i) => [h, parsed.data[1]![i]]));
    expect(byHeader).toMatchObject({
      "First name": `'${contact.firstName}`,
      Company: "'-2+3",
      "Name suffix": "'-PhD",
      Websites: "blog: https://zurich.example/a?b=1; example.org",
      Phones: "mobile: +44 20 7946 0958",
      Addresses:
        "* home; Bahnhofstrasse 1\\; Hinterhaus; 3. Stock\\\\links; Zürich; ; 8001; Switzerland\n" +
        "; =Bergweg 2; ; Davos; GR; 7270; Switzerland",
      Latitude: "-33.8688",
      Longitude: "151.2093",
      Rhythm: "Every 10 days",
      "Preferred method": "WhatsApp",
      Birthday: "1988-02-29",
    });
  });

  it("keeps leading quotes typed by the user through export and import", () => {
    const quoted = {
      ...contact,
      firstName: "'tis",
      lastName: "''+x",
      company: "'=1",
      jobTitle: "-5 apples",
      notes: "'=SUM(A1)\n'tis a note",
    };
    const text = buildContactsCsv([quoted]);
    const [row] = readImport({ bytes: new TextEncoder().encode(text), now: new Date() }).rows;
    expect(row!.contact).toMatchObject({
      firstName: "'tis",
      lastName: "''+x",
      company: "'=1",
      jobTitle: "-5 apples",
      notes: "'=SUM(A1)\n'tis a note",
    });
  });

  it("reads back into the same contact (our export is a source we recognise)", () => {
    const result = readImport({ bytes: new TextEncoder().encode(csv), now: new Date() });
    expect(result.source).toBe("tend");
    const [row] = result.rows;
    expect(row!.errors).toEqual([]);
    expect(row!.contact).toMatchObject({
      firstName: contact.firstName,
      lastName: contact.lastName,
      emails: contact.emails,
      phones: contact.phones,
      websites: contact.websites,
      namePrefix: "Dr.",
      nameSuffix: "-PhD",
      nickname: "Hype",
      company: "-2+3",
      jobTitle: "Tabbed",
      notes: 'Carriage\nand a "quote", a comma',
      preferredMethod: "whatsapp",
      latitude: -33.8688,
      birthday: contact.birthday,
      tags: contact.tags,
      rhythm: contact.rhythm,
      countryCode: "CH",
      addresses: contact.addresses,
    });
    expect(row!.extras).toEqual({
      lastContactedAt: contact.lastContactedAt,
      nextDueAt: contact.nextDueAt,
      archivedAt: contact.archivedAt,
      sourceUid: contact.id,
    });
  });
});
