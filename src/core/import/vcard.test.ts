import { describe, expect, it } from "vitest";
import v3 from "../../../tests/fixtures/import/contacts-v3.vcf?raw";
import v4 from "../../../tests/fixtures/import/contacts-v4.vcf?raw";
import iphone from "../../../tests/fixtures/import/iphone-v3.vcf?raw";
import android21 from "../../../tests/fixtures/import/android-v21.vcf?raw";
import rfc6350 from "../../../tests/fixtures/import/rfc6350-v4.vcf?raw";
import type { ExportContact } from "./csv-export";
import { readImport } from "./read-import";
import { parseProperty, parseVcardProperties, parseVcardTable } from "./vcard-parse";
import { buildVcard, buildVcards, escapeVcardText, foldLine } from "./vcard-write";

const now = new Date("2025-06-01T12:00:00Z");
// The 8×8 JPEG both photo fixtures carry (2.1 folded base64, 4.0 data: URI).
const FIXTURE_JPEG_START = "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQ";
const FIXTURE_JPEG_END = "AAIRAxEAPwCaAGFSf//Z";
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
      // A comma inside a category is kept by vCard, but tags split on commas.
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
      phones: [{ label: "mobile", value: "+1 555 010 4040" }],
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

  it("reads an Android 2.1 file: quoted-printable with soft breaks, phone kinds, a pause extension", () => {
    const [jorg, ngozi] = read(android21).rows;
    expect(jorg!.errors).toEqual([]);
    expect(jorg!.contact).toMatchObject({
      firstName: "Jörg",
      lastName: "Müller",
      namePrefix: "Dr.",
      phones: [
        { label: "mobile", value: "+49 151 2345 6789" },
        { label: "work", value: "+49 30 1234 5678", ext: "42" },
        { label: "work fax", value: "+49 30 1234 5679" },
        { label: "pager", value: "+49 30 555 0000" },
      ],
      emails: [{ label: "home", value: "joerg@example.de" }],
      addresses: [
        {
          label: "work",
          street: "Straße des 17. Juni 135",
          extended: "",
          city: "Berlin",
          region: "",
          postalCode: "10623",
          country: "Deutschland",
          isPlace: true,
        },
      ],
      city: "Berlin",
      country: "Deutschland",
      notes: "Trifft man am besten vormittags. Spricht gern über Gärten und Fahrräder.",
    });
    expect(jorg!.extras.photo).toMatch(new RegExp(`^${FIXTURE_JPEG_START}.*${FIXTURE_JPEG_END}$`));
    expect(jorg!.warnings).toEqual([]);
    expect(ngozi!.extras.photo).toBeUndefined();
    expect(ngozi!.contact).toMatchObject({
      firstName: "Ngozi",
      lastName: "Okafor",
      phones: [
        { label: "home", value: "+234 803 555 0142" },
        { label: "work", value: "+234 1 555 0100", ext: "7" },
        { label: "home fax", value: "+234 1 555 0199" },
      ],
    });
  });

  it("reads RFC 6350's 4.0 shapes: tel: URIs with ;ext=, quoted types, GEO", () => {
    const [simon, amara] = read(rfc6350).rows;
    expect(simon!.errors).toEqual([]);
    expect(simon!.contact).toMatchObject({
      firstName: "Simon",
      lastName: "Perreault",
      nameSuffix: "ing. jr M.Sc.",
      birthday: { day: 3, month: 2, year: null },
      emails: [{ label: "work", value: "simon.perreault@viagenie.ca" }],
      phones: [
        { label: "work", value: "+1 418 656 9254", ext: "102" },
        { label: "work mobile", value: "+1 418 262 6501" },
        { label: "work fax", value: "+1 418 656 9255" },
        { label: "pager", value: "+1 418 555 0110" },
      ],
      addresses: [
        {
          label: "work",
          street: "2875 Laurier",
          extended: "Suite D2-630",
          city: "Quebec",
          region: "QC",
          postalCode: "G1V 2M2",
          country: "Canada",
          isPlace: true,
        },
      ],
      latitude: 46.772673,
      longitude: -71.282945,
      company: "Viagenie",
      websites: [{ label: "home", value: "http://nomis80.org" }],
    });
    expect(simon!.contact!.phones.find((p) => p.value === "102")).toBeUndefined();
    expect(simon!.extras.photo).toMatch(new RegExp(`^${FIXTURE_JPEG_START}.*${FIXTURE_JPEG_END}$`));
    // A photo given as a link is not fetched: left out, and the person still comes in.
    expect(amara!.extras.photo).toBeUndefined();
    expect(amara!.warnings).toEqual([
      {
        field: "photo",
        message:
          "Photo https://photos.example/amara.jpg is a link, and photos are not fetched from the web. Left out.",
      },
    ]);
    expect(amara!.contact).toMatchObject({
      phones: [
        { label: "home", value: "+221 33 555 01 23", ext: "45" },
        { label: "mobile", value: "+221 77 555 0188" },
      ],
      latitude: 14.6928,
      longitude: -17.4467,
    });
  });

  it("keeps every address of an iPhone card, labelled, the preferred one the place", () => {
    const [marie] = read(iphone).rows;
    expect(marie!.errors).toEqual([]);
    expect(marie!.contact).toMatchObject({
      firstName: "Marie",
      lastName: "Curie",
      namePrefix: "Dr.",
      nickname: "Manya",
      websites: [{ label: "homepage", value: "https://www.radium.example/curie" }],
      birthday: { day: 7, month: 11, year: 1867 },
      city: "Paris",
      country: "France",
      countryCode: "FR",
      addresses: [
        {
          label: "home",
          street: "36 Quai de Béthune",
          extended: "",
          city: "Paris",
          region: "",
          postalCode: "75004",
          country: "France",
          isPlace: true,
        },
        {
          label: "work",
          street: "11 Rue Pierre et Marie Curie",
          extended: "Pavillon Curie",
          city: "Paris",
          region: "Île-de-France",
          postalCode: "75005",
          country: "France",
          isPlace: false,
        },
        {
          label: "childhood home",
          street: "ul. Freta 16",
          extended: "",
          city: "Warszawa",
          region: "",
          postalCode: "00-227",
          country: "Poland",
          isPlace: false,
        },
      ],
    });
  });

  it("takes the first address as the place when none is preferred", () => {
    const [katherine] = read(v4).rows;
    expect(katherine!.contact?.addresses).toEqual([
      {
        label: "work",
        street: "NASA Langley",
        extended: "",
        city: "Hampton",
        region: "VA",
        postalCode: "23681",
        country: "United States",
        isPlace: true,
      },
    ]);
  });

  it("refuses a .vcf without cards", () => {
    expect(() => parseVcardTable("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toThrow(/empty/);
  });
});

const ada: ExportContact = {
  id: "6f0a5d1e-9f3b-4c1e-8a55-3f2d8b1c0a11",
  firstName: "Ada",
  lastName: "Lovelace",
  namePrefix: "Countess",
  nameSuffix: "FRS",
  nickname: "Enchantress of Numbers",
  emails: [{ label: "home", value: "ada@example.com" }],
  websites: [
    { label: "home", value: "https://ada.example/notes?g=1" },
    { value: "engines.example" },
  ],
  phones: [
    { label: "mobile", value: "+44 20 7946 0958" },
    { value: "020 7946 0000" },
    { label: "work", value: "+44 20 7946 0100", ext: "214" },
    { label: "work fax", value: "+44 20 7946 0101" },
    { label: "pager", value: "+44 20 7946 0102" },
    { label: "studio line", value: "020 7946 0103", ext: "9" },
  ],
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
  timeZone: "Europe/London",
  addresses: [
    {
      label: "home",
      street: "12 St James's Square; rear",
      extended: "Flat 2\\b",
      city: "London",
      region: "England",
      postalCode: "SW1Y 4JH",
      country: "United Kingdom",
      isPlace: true,
    },
    {
      label: "studio east",
      street: "1 Engine Row",
      extended: "",
      city: "Manchester",
      region: "",
      postalCode: "M1 1AA",
      country: "United Kingdom",
      isPlace: false,
    },
  ],
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

  it("writes a label as one quoted parameter value, line breaks and quotes escaped", () => {
    const label = 'w\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:"Forged" ^ a label long enough to fold';
    const text = buildVcards([{ ...ada, emails: [{ label, value: "ada@example.com" }] }]);
    expect(text.replace(/\r\n /g, "")).toContain(
      `EMAIL;TYPE="w^nEND:VCARD^nBEGIN:VCARD^nFN:^'Forged^' ^^ a label long enough to fold":ada@example.com\r\n`,
    );
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const cards = parseVcardProperties(text);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.find((p) => p.name === "EMAIL")?.params.TYPE).toEqual([
      label.replace(/\r\n/g, "\n"),
    ]);
    expect(read(text).rows).toHaveLength(1);
  });

  it("reads quoted parameter values holding ; and :", () => {
    expect(parseProperty('EMAIL;TYPE="home;office: east":a@example.com')).toMatchObject({
      params: { TYPE: ["home;office: east"] },
      value: "a@example.com",
    });
  });

  it("writes each address as an ADR, the place preferred, and a place of its own apart", () => {
    const text = buildVcards([ada]).replace(/\r\n /g, "");
    expect(text).toContain(
      "ADR;TYPE=home;PREF=1:;Flat 2\\\\b;12 St James's Square\\; rear;London;England;SW1Y 4JH;United Kingdom\r\n",
    );
    expect(text).toContain(
      'ADR;TYPE="studio east":;;1 Engine Row;Manchester;;M1 1AA;United Kingdom\r\n',
    );
    expect(text).not.toContain("X-TEND-PLACE");
    const elsewhere = { ...ada, city: "Bath", region: null, country: "United Kingdom" };
    const [row] = read(buildVcards([elsewhere])).rows;
    expect(row!.contact).toMatchObject({
      city: "Bath",
      region: null,
      addresses: ada.addresses,
    });
    const placeOnly = { ...ada, addresses: [] };
    const [alone] = read(buildVcards([placeOnly])).rows;
    expect(alone!.contact).toMatchObject({ city: "London", addresses: [] });
  });

  it("lets no line break of a website reach the card", () => {
    const forged = { ...ada, websites: [{ label: "", value: "https://a.example\r\nFN:Forged" }] };
    const text = buildVcards([forged]);
    expect(text).not.toContain("\r\nFN:Forged");
    expect(read(text).rows).toHaveLength(1);
  });

  it("writes a phone's kind as TEL types and an extension in a tel: URI or after a local number", () => {
    const text = buildVcards([ada]);
    expect(text).toContain("TEL;VALUE=text;TYPE=cell:+44 20 7946 0958\r\n");
    expect(text).toContain("TEL;VALUE=uri;TYPE=work:tel:+44-20-7946-0100;ext=214\r\n");
    expect(text).toContain("TEL;VALUE=text;TYPE=work,fax:+44 20 7946 0101\r\n");
    expect(text).toContain("TEL;VALUE=text;TYPE=pager:+44 20 7946 0102\r\n");
    expect(text).toContain('TEL;VALUE=text;TYPE="studio line":020 7946 0103 x9\r\n');
  });

  it("round-trips every field through our own reader", () => {
    const text = buildVcards([ada]);
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
    expect(text).toContain("BDAY:--1210\r\n");
    expect(text).toContain("N:Lovelace;Ada;;Countess;FRS\r\n");
    expect(text).toContain("NICKNAME:Enchantress of Numbers\r\n");
    expect(text).toContain("URL;TYPE=home:https://ada.example/notes?g=1\r\n");
    expect(text).toContain("TZ;VALUE=TEXT:Europe/London\r\n");
    expectReadBack(text, ada);
  });

  it("writes no TZ for a contact without a zone", () => {
    expect(buildVcard({ ...ada, timeZone: null })).not.toContain("TZ");
  });

  it('writes "None" chosen by hand as X-TEND-TIME-ZONE, in 4.0 and 3.0, and only that', () => {
    const none = { ...ada, timeZone: null, isTimeZoneSetByHand: true };
    for (const version of ["4.0", "3.0"] as const) {
      const text = buildVcard(none, { version });
      expect(text).toContain("\r\nX-TEND-TIME-ZONE:none\r\n");
      expect(text).not.toMatch(/^TZ/m);
    }
    // Unknown (never set), or a zone chosen by hand, is not "None".
    expect(buildVcard({ ...ada, timeZone: null, isTimeZoneSetByHand: false })).not.toContain(
      "X-TEND-TIME-ZONE",
    );
    expect(buildVcard({ ...ada, isTimeZoneSetByHand: true })).not.toContain("X-TEND-TIME-ZONE");
  });
});

describe("vCard time zones", () => {
  const zoneOf = (tz: string, version = "4.0") => {
    const card = `BEGIN:VCARD\r\nVERSION:${version}\r\nFN:Ana Lima\r\n${tz}\r\nEND:VCARD\r\n`;
    const [row] = read(card).rows;
    expect(row!.errors).toEqual([]);
    expect(row!.contact!.firstName).toBe("Ana");
    return row!.contact!.timeZone;
  };

  it("reads an IANA name as 4.0's text and as 3.0's VALUE=text, in the engine's spelling", () => {
    expect(zoneOf("TZ:Pacific/Auckland")).toBe("Pacific/Auckland");
    expect(zoneOf("TZ;VALUE=TEXT:Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(zoneOf("TZ;VALUE=text:america/new_york", "3.0")).toBe("America/New_York");
    expect(zoneOf("TZ:Asia/Kathmandu", "3.0")).toBe("Asia/Kathmandu");
  });

  it("reads the card without a zone when its TZ names none, and takes the first that does", () => {
    expect(zoneOf("TZ:Mars/Olympus")).toBeNull();
    expect(zoneOf("TZ:-05:00", "3.0")).toBeNull();
    expect(zoneOf("TZ;VALUE=utc-offset:-0500")).toBeNull();
    expect(zoneOf("TZ;VALUE=text:-05:00\\; EST\\; Raleigh/North America", "3.0")).toBeNull();
    expect(zoneOf("TZ;VALUE=uri:https://tz.example/Europe/Lisbon")).toBeNull();
    expect(zoneOf("TZ:Mars/Olympus\r\nTZ:Africa/Maputo")).toBe("Africa/Maputo");
  });

  const byHandOf = (lines: string) => {
    const card = `BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Lima\r\n${lines}\r\nEND:VCARD\r\n`;
    const [row] = read(card).rows;
    expect(row!.errors).toEqual([]);
    const { timeZone, isTimeZoneSetByHand } = row!.contact!;
    return { timeZone, isTimeZoneSetByHand };
  };

  it('reads X-TEND-TIME-ZONE:none as "None" chosen by hand; a zone the card names wins', () => {
    const none = { timeZone: null, isTimeZoneSetByHand: true };
    expect(byHandOf("X-TEND-TIME-ZONE:none")).toEqual(none);
    expect(byHandOf("X-TEND-TIME-ZONE:NONE")).toEqual(none);
    // A client that kept our property and then set a zone: the zone is what the user chose.
    expect(byHandOf("X-TEND-TIME-ZONE:none\r\nTZ:Asia/Tokyo")).toEqual({
      timeZone: "Asia/Tokyo",
      isTimeZoneSetByHand: undefined,
    });
    expect(byHandOf("TZ:Mars/Olympus\r\nX-TEND-TIME-ZONE:none")).toEqual(none);
    // No property, or a value we do not write, says nothing about the zone.
    for (const lines of ["NOTE:hi", "X-TEND-TIME-ZONE:Europe/Lisbon", "X-TEND-TIME-ZONE:"]) {
      expect(byHandOf(lines)).toEqual({ timeZone: null, isTimeZoneSetByHand: undefined });
    }
  });

  it('round-trips "None" chosen by hand through our own writer and reader, 4.0 and 3.0', () => {
    const none = { ...ada, timeZone: null, isTimeZoneSetByHand: true };
    for (const version of ["4.0", "3.0"] as const) {
      const [row] = read(buildVcard(none, { version })).rows;
      expect(row!.contact).toMatchObject({ timeZone: null, isTimeZoneSetByHand: true });
    }
  });
});

/** The one card in `text` reads back as `contact`, its dates and its UID as extras. */
function expectReadBack(text: string, contact: ExportContact) {
  const [row] = read(text).rows;
  expect(row!.errors).toEqual([]);
  const { id: _id, createdAt: _c, lastContactedAt, nextDueAt, archivedAt, ...fields } = contact;
  expect(row!.contact).toEqual(fields);
  // The card's UID comes along, for links from other cards of the same file.
  expect(row!.extras).toEqual({
    lastContactedAt,
    nextDueAt,
    archivedAt,
    sourceUid: expect.stringMatching(/^urn:uuid:/),
  });
}

describe("vCard 3.0 writing (iPhone and macOS)", () => {
  const v3Card = (contact: ExportContact) =>
    buildVcard(contact, { version: "3.0" }).replace(/\r\n /g, "");

  it("writes 3.0's own types, Apple item labels for the rest, and Apple's birthday without year", () => {
    const text = v3Card(ada);
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(text.match(/^NICKNAME:/gm)).toHaveLength(1);
    expect(text).toContain("EMAIL;TYPE=INTERNET,HOME:ada@example.com\r\n");
    expect(text).toContain("TEL;TYPE=CELL:+44 20 7946 0958\r\n");
    expect(text).toContain("TEL:020 7946 0000\r\n");
    expect(text).toContain("TEL;TYPE=WORK:+44 20 7946 0100 x214\r\n");
    expect(text).toContain("TEL;TYPE=WORK,FAX:+44 20 7946 0101\r\n");
    expect(text).toContain("item1.TEL:020 7946 0103 x9\r\nitem1.X-ABLabel:studio line\r\n");
    expect(text).toContain(
      "ADR;TYPE=HOME,PREF:;Flat 2\\\\b;12 St James's Square\\; rear;London;England;SW1Y 4JH;United Kingdom\r\n",
    );
    expect(text).toContain(
      "item2.ADR:;;1 Engine Row;Manchester;;M1 1AA;United Kingdom\r\nitem2.X-ABLabel:studio east\r\n",
    );
    expect(text).toContain("BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10\r\n");
    expect(text).toContain("GEO:51.5074;-0.1278\r\n");
    expect(text).toContain("TZ;VALUE=TEXT:Europe/London\r\n");
    expect(text).not.toMatch(/VALUE=uri|tel:|PREF=1|TYPE="/);
    const withYear = v3Card({ ...ada, birthday: { day: 10, month: 12, year: 1815 } });
    expect(withYear).toContain("BDAY;VALUE=date:1815-12-10\r\n");
  });

  it("folds at 75 octets and escapes a label's commas, semicolons and line breaks as text", () => {
    const label = "desk; east,\nEND:VCARD";
    const text = buildVcard(
      { ...ada, emails: [{ label, value: "ada@example.com" }] },
      { version: "3.0" },
    );
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n /g, "")).toContain(
      "item1.EMAIL;TYPE=INTERNET:ada@example.com\r\nitem1.X-ABLabel:desk\\; east\\,\\nEND:VCARD\r\n",
    );
    expect(parseVcardProperties(text)).toHaveLength(1);
  });

  it("round-trips every field through our own reader", () => {
    for (const birthday of [ada.birthday, { day: 10, month: 12, year: 1815 }]) {
      const contact = { ...ada, birthday };
      expectReadBack(buildVcard(contact, { version: "3.0" }), contact);
    }
  });

  it("writes the photo as base64 with ENCODING=b, and reads it back", () => {
    const photo = { mediaType: "image/jpeg", base64: `${FIXTURE_JPEG_START}${FIXTURE_JPEG_END}` };
    const text = buildVcard({ ...ada, photo }, { version: "3.0" });
    expect(text.replace(/\r\n /g, "")).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${photo.base64}\r\n`);
    expect(read(text).rows[0]!.extras.photo).toBe(photo.base64);
    const v4Text = buildVcard({ ...ada, photo });
    expect(v4Text.replace(/\r\n /g, "")).toContain(
      `PHOTO:data:image/jpeg;base64,${photo.base64}\r\n`,
    );
  });
});

describe("vCard photos", () => {
  const card = (photo: string) =>
    `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Lin Wei\r\nN:Wei;Lin;;;\r\n${photo}\r\nEND:VCARD\r\n`;

  it("reads a 3.0 PHOTO;ENCODING=b;TYPE=JPEG", () => {
    const [row] = read(card("PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ")).rows;
    expect(row!.extras.photo).toBe("/9j/4AAQSkZJRgABAQ");
  });

  it("leaves out a photo that is not an image, or too large, and keeps the person", () => {
    const [text] = read(card("PHOTO;ENCODING=b;TYPE=JPEG:PGh0bWw+PC9odG1sPg==")).rows;
    expect(text!.contact?.firstName).toBe("Lin");
    expect(text!.extras.photo).toBeUndefined();
    expect(text!.warnings).toEqual([
      {
        field: "photo",
        message: "The photo isn't an image we can read (PNG, JPEG, GIF or WebP). Left out.",
      },
    ]);
    const huge = `/9j/${"A".repeat(3 * 1024 * 1024)}`;
    const [big] = read(card(`PHOTO:data:image/jpeg;base64,${huge}`)).rows;
    expect(big!.contact?.firstName).toBe("Lin");
    expect(big!.warnings[0]?.message).toBe(
      "The photo is 2.3 MB; a photo can be at most 2.0 MB. Left out.",
    );
  });
});
