import { describe, expect, it } from "vitest";
import google from "../../../tests/fixtures/import/google-contacts.csv?raw";
import linkedin from "../../../tests/fixtures/import/linkedin-connections.csv?raw";
import outlook from "../../../tests/fixtures/import/outlook-contacts.csv?raw";
import { readImport } from "./read-import";

const now = new Date("2025-06-01T12:00:00Z");
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string, mapping?: Parameters<typeof readImport>[0]["mapping"]) =>
  readImport({ bytes: bytes(text), now, mapping });

describe("readImport: CSV rows become contacts through the contact contract", () => {
  it("maps a Google Contacts export with labels, lists, groups and birthdays", () => {
    const result = read(google);
    expect(result.source).toBe("google");
    const ada = result.rows[0]!;
    expect(ada.line).toBe(2);
    expect(ada.errors).toEqual([]);
    expect(ada.contact).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      emails: [
        { label: "home", value: "ada@example.com" },
        { label: "work", value: "ada@engines.example" },
      ],
      phones: [{ label: "mobile", value: "+44 20 7946 0958" }],
      company: "Analytical Engines Ltd",
      jobTitle: "Mathematician",
      notes: "Met at the Royal Society.\nLoves poetry.",
      tags: ["Friends"],
      birthday: { day: 10, month: 12, year: 1985 },
      city: "London",
      region: "England",
      country: "United Kingdom",
      addresses: [
        {
          label: "home",
          street: "12 St James's Square",
          extended: "",
          city: "London",
          region: "England",
          postalCode: "SW1Y 4JH",
          country: "United Kingdom",
          isPlace: true,
        },
      ],
    });
    // Two numbers in one cell (" ::: "), both labelled by the column's label.
    expect(result.rows[1]!.contact?.phones).toEqual([
      { label: "work", value: "+1 (555) 010-2030" },
      { label: "work", value: "+1 555 010 2031" },
    ]);
    expect(result.rows[1]!.contact?.birthday).toEqual({ day: 9, month: 12, year: null });
  });

  it("refuses only a row with nothing that names a person, and says what it left out", () => {
    const bad = read(google).rows[3]!;
    expect(bad.contact).toBeNull();
    expect(bad.line).toBe(8);
    expect(bad.errors).toEqual([
      {
        field: "firstName",
        message: "Nothing here names a person: no name, nickname, company, email or phone.",
      },
    ]);
    expect(bad.warnings).toEqual([
      {
        field: "email",
        message: 'Email "not-an-email": Please enter a valid email address. Left out.',
      },
    ]);
  });

  it("applies the user's mapping instead of the detected one", () => {
    const detected = read(google);
    const department = detected.headers.indexOf("Organization Department");
    const mapping = [...detected.mapping];
    mapping[department] = "tags";
    mapping[detected.headers.indexOf("Labels")] = null;
    const result = read(google, mapping);
    expect(result.mapping[department]).toBe("tags");
    expect(result.detectedMapping[department]).toBeNull();
    expect(result.rows[0]!.contact?.tags).toEqual(["Research"]);
  });

  it("refuses a mapping that does not fit the file's columns", () => {
    expect(() => read(google, ["firstName"])).toThrow(/doesn't match this file's columns/);
  });

  it("labels Outlook phones by their column, faxes too, and reads US dates month first", () => {
    const [margaret, tim] = read(outlook).rows;
    expect(margaret!.contact).toMatchObject({
      phones: [
        { label: "work", value: "+1 617 555 0100" },
        { label: "mobile", value: "+1 617 555 0199" },
        { label: "work fax", value: "+1 617 555 0101" },
      ],
      birthday: { day: 17, month: 8, year: 1936 },
      jobTitle: "Director of Software Engineering",
      tags: ["Work", "Space"],
    });
    expect(tim!.contact?.birthday).toBeNull();
  });

  it("keeps LinkedIn's profile link and connection date in the notes", () => {
    const result = read(linkedin);
    expect(result.rows[0]!.contact?.notes).toBe(
      "URL: https://www.linkedin.com/in/radiaperlman\nConnected On: 15 Mar 2024",
    );
    expect(result.samples[0]).toEqual(["Radia", "Vint", "Barbara"]);
  });

  it("reads our own columns: rhythm, preferred method, history dates, archived", () => {
    const csv = [
      "First name,Last name,Preferred method,Rhythm,Last contacted,Next due,Archived,Country code",
      "Ada,Lovelace,Phone call,Every 2 weeks,2025-05-01T09:00:00.000Z,2025-05-20T00:00:00.000Z,,gb",
      "Old,Friend,In person,No rhythm,,,2024-01-02T03:04:05.000Z,",
      "Bad,Values,carrier pigeon,whenever,2030-01-01,tomorrow,perhaps,",
    ].join("\n");
    const [ada, old, bad] = read(csv).rows;
    expect(ada!.contact).toMatchObject({
      preferredMethod: "phone",
      rhythm: { interval: 2, unit: "week" },
      countryCode: "GB",
    });
    expect(ada!.extras).toEqual({
      lastContactedAt: "2025-05-01T09:00:00.000Z",
      nextDueAt: "2025-05-20T00:00:00.000Z",
      archivedAt: null,
    });
    expect(old!.contact).toMatchObject({ preferredMethod: "in_person", rhythm: null });
    expect(old!.extras.archivedAt).toBe("2024-01-02T03:04:05.000Z");
    // The person is imported; each value we cannot read is left out and named on the row.
    expect(bad!.contact).toMatchObject({
      firstName: "Bad",
      lastName: "Values",
      preferredMethod: null,
      rhythm: null,
    });
    expect(bad!.errors).toEqual([]);
    expect(bad!.extras).toMatchObject({ lastContactedAt: null, nextDueAt: null, archivedAt: null });
    expect(bad!.warnings.map((e) => e.field).sort()).toEqual([
      "archived",
      "lastContactedAt",
      "nextDueAt",
      "preferredMethod",
      "rhythm",
    ]);
    expect(bad!.warnings.find((e) => e.field === "lastContactedAt")?.message).toBe(
      "The last contact date is in the future. Left out.",
    );
  });

  it("splits a full name when there are no first/last columns", () => {
    const [row] = read("Name,Email\nMary Ann Smith,mary@example.com\n").rows;
    expect(row!.contact).toMatchObject({ firstName: "Mary Ann", lastName: "Smith" });
  });

  it("keeps a leading quote in other sources' cells: only our own export escapes formulas", () => {
    const result = read(
      "First Name,Last Name,Organization Name,Labels,Notes\n'Tis,'=1,'+x,,'-5 apples\n",
    );
    expect(result.source).toBe("google");
    expect(result.rows[0]!.contact).toMatchObject({
      firstName: "'Tis",
      lastName: "'=1",
      company: "'+x",
      notes: "'-5 apples",
    });
  });
});
