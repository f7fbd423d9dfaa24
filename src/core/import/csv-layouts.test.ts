import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { ExportContact } from "./csv-export";
import { buildLayoutCsv } from "./csv-layouts";
import { readImport } from "./read-import";

const now = new Date("2025-06-01T12:00:00Z");

function contact(fields: Partial<ExportContact>): ExportContact {
  return {
    id: "c1",
    firstName: null,
    lastName: null,
    namePrefix: null,
    nameSuffix: null,
    nickname: null,
    emails: [],
    websites: [],
    phones: [],
    company: null,
    jobTitle: null,
    notes: null,
    preferredMethod: null,
    telegramUsername: null,
    city: null,
    region: null,
    country: null,
    countryCode: null,
    latitude: null,
    longitude: null,
    addresses: [],
    birthday: null,
    tags: [],
    rhythm: null,
    lastContactedAt: null,
    nextDueAt: null,
    archivedAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...fields,
  } as ExportContact;
}

const grace = contact({
  firstName: "Grace",
  lastName: "Hopper",
  emails: [
    { label: "work", value: "grace@navy.example" },
    { label: "home", value: "grace@home.example" },
  ],
  phones: [
    { label: "mobile", value: "+1 202 555 0100" },
    { label: "work", value: "+1 202 555 0101" },
    { label: "home", value: "+1 202 555 0102" },
    { label: "work fax", value: "+1 202 555 0103" },
    { label: "pager", value: "+1 202 555 0104" },
    { label: "work", value: "+1 202 555 0105", ext: "12" },
  ],
  company: "US Navy",
  jobTitle: "Rear Admiral",
  notes: "Found the first bug.",
  city: "Arlington",
  region: "Virginia",
  country: "United States",
  addresses: [
    {
      label: "work",
      street: "1000 Navy Pentagon",
      extended: "",
      city: "Washington",
      region: "DC",
      postalCode: "20350",
      country: "United States",
      isPlace: false,
    },
    {
      label: "home",
      street: "2 Key Blvd",
      extended: "Apt 5",
      city: "Arlington",
      region: "Virginia",
      postalCode: "22201",
      country: "United States",
      isPlace: true,
    },
  ],
  birthday: { day: 9, month: 12, year: 1906 },
  tags: ["Friends", "Computing"],
});

const header = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0]!
    .split(",");

const read = (csv: string) =>
  readImport({ bytes: new TextEncoder().encode(csv), now }).rows.map((r) => r.contact);

describe("CSV in Google's and Outlook's layouts", () => {
  it("writes one value per column with labels apart, and Google's importer reads it back whole", () => {
    const csv = buildLayoutCsv("google", [grace]);
    const [header, row] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "").trim()).data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("E-mail 2 - Label")).toBe("Home");
    expect(cell("E-mail 2 - Value")).toBe("grace@home.example");
    expect(cell("Phone 3 - Value")).toBe("'+1 202 555 0102");
    expect(cell("Phone 4 - Label")).toBe("Work Fax");
    expect(cell("Phone 5 - Label")).toBe("Pager");
    expect(cell("Phone 6 - Value")).toBe("'+1 202 555 0105 x12");
    expect(cell("Labels")).toBe("* myContacts ::: Friends ::: Computing");
    // The place's address first: Google takes the first as the main one.
    expect(cell("Address 1 - Label")).toBe("Home");
    expect(cell("Address 1 - Postal Code")).toBe("22201");
    expect(cell("Address 2 - Street")).toBe("1000 Navy Pentagon");

    const result = readImport({ bytes: new TextEncoder().encode(csv), now });
    expect(result.source).toBe("google");
    expect(result.rows[0]!.contact).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      emails: grace.emails,
      phones: grace.phones,
      company: "US Navy",
      jobTitle: "Rear Admiral",
      notes: "Found the first bug.",
      city: "Arlington",
      region: "Virginia",
      country: "United States",
      birthday: grace.birthday,
      tags: ["Friends", "Computing"],
      addresses: [grace.addresses[1], grace.addresses[0]],
    });
  });

  it("puts each phone in Outlook's column for its kind, and Outlook's importer reads it back", () => {
    const csv = buildLayoutCsv("outlook", [
      grace,
      contact({ firstName: "Ada", phones: [{ value: "+44 20 7946 0958" }] }),
    ]);
    const result = readImport({ bytes: new TextEncoder().encode(csv), now });
    expect(result.source).toBe("outlook");
    const [g, ada] = result.rows.map((r) => r.contact);
    expect(g).toMatchObject({
      firstName: "Grace",
      emails: grace.emails.map((e) => ({ value: e.value })),
      company: "US Navy",
      birthday: grace.birthday,
      tags: ["Friends", "Computing"],
    });
    expect(g!.phones).toEqual(
      expect.arrayContaining([
        { label: "mobile", value: "+1 202 555 0100" },
        { label: "work", value: "+1 202 555 0101" },
        { label: "home", value: "+1 202 555 0102" },
        { label: "work fax", value: "+1 202 555 0103" },
        { label: "pager", value: "+1 202 555 0104" },
        { label: "work", value: "+1 202 555 0105", ext: "12" },
      ]),
    );
    expect(header(csv)).toEqual(
      expect.arrayContaining(["Business Fax", "Home Fax", "Other Fax", "Pager"]),
    );
    expect(ada!.phones).toEqual([{ label: "other", value: "+44 20 7946 0958" }]);
    // Outlook has a home and a business address; the first is read as the place.
    expect(g).toMatchObject({
      city: "Arlington",
      region: "Virginia",
      addresses: [grace.addresses[1], grace.addresses[0]],
    });
  });

  it("guards text cells against formulas in both layouts", () => {
    const evil = contact({ firstName: "=HYPERLINK(1)", lastName: "Eve" });
    for (const layout of ["google", "outlook"] as const) {
      expect(read(buildLayoutCsv(layout, [evil]))[0]!.firstName).toBe("'=HYPERLINK(1)");
    }
  });
});
