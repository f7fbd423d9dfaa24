import { describe, expect, it } from "vitest";
import googleLegacy from "../../../tests/fixtures/import/google-contacts-legacy.csv?raw";
import google from "../../../tests/fixtures/import/google-contacts.csv?raw";
import linkedin from "../../../tests/fixtures/import/linkedin-connections.csv?raw";
import outlook from "../../../tests/fixtures/import/outlook-contacts.csv?raw";
import { TEND_CSV_HEADERS } from "./csv-export";
import { detectMapping, detectSource } from "./detect-mapping";
import type { ImportField } from "./import-fields";
import { parseCsvTable } from "./parse-csv";

function mappingOf(csv: string) {
  const { headers } = parseCsvTable(csv);
  const source = detectSource(headers);
  const mapping = detectMapping(headers, source);
  const byHeader = Object.fromEntries(headers.map((h, i) => [h, mapping[i]]));
  return { source, byHeader };
}

describe("detectSource and detectMapping", () => {
  it("recognises Google Contacts' current export", () => {
    const { source, byHeader } = mappingOf(google);
    expect(source).toBe("google");
    expect(byHeader).toMatchObject({
      "First Name": "firstName",
      "Last Name": "lastName",
      "Organization Name": "company",
      "Organization Title": "jobTitle",
      "E-mail 1 - Label": "emailLabel",
      "E-mail 1 - Value": "email",
      "E-mail 2 - Value": "email",
      "Phone 1 - Label": "phoneLabel",
      "Phone 1 - Value": "phone",
      Labels: "tags",
      Birthday: "birthday",
      Notes: "notes",
      "Address 1 - City": "addressCity",
      "Address 1 - Region": "addressRegion",
      "Address 1 - Country": "addressCountry",
      "Address 1 - Street": "addressStreet",
      "Organization Department": null,
      Photo: "photo",
    });
  });

  it("recognises Google's older export (Given Name, Family Name, Group Membership)", () => {
    const { source, byHeader } = mappingOf(googleLegacy);
    expect(source).toBe("google");
    expect(byHeader).toMatchObject({
      Name: "fullName",
      "Given Name": "firstName",
      "Family Name": "lastName",
      "Group Membership": "tags",
      "E-mail 1 - Type": "emailLabel",
      "E-mail 1 - Value": "email",
      "Organization 1 - Name": "company",
      "Organization 1 - Title": "jobTitle",
      "Organization 1 - Type": null,
    });
  });

  it("recognises Outlook, where Title is Mr/Ms (a name prefix) and faxes and pagers are phones", () => {
    const { source, byHeader } = mappingOf(outlook);
    expect(source).toBe("outlook");
    expect(byHeader).toMatchObject({
      "First Name": "firstName",
      "Last Name": "lastName",
      Title: "namePrefix",
      Suffix: "nameSuffix",
      Nickname: "nickname",
      "E-mail Address": "email",
      "E-mail 2 Address": "email",
      "Mobile Phone": "phone",
      "Business Phone": "phone",
      "Home Phone": "phone",
      "Business Fax": "phone",
      Pager: "phone",
      "Assistant's Phone": null,
      "Job Title": "jobTitle",
      Company: "company",
      "Business City": "addressCity",
      "Business Street": "addressStreet",
      "Home Postal Code": "addressPostalCode",
      "Home Country/Region": "addressCountry",
      Categories: "tags",
      Birthday: "birthday",
      Notes: "notes",
    });
  });

  it("recognises LinkedIn connections and keeps the profile link and date in notes", () => {
    const { source, byHeader } = mappingOf(linkedin);
    expect(source).toBe("linkedin");
    expect(byHeader).toEqual({
      "First Name": "firstName",
      "Last Name": "lastName",
      URL: "notes",
      "Email Address": "email",
      Company: "company",
      Position: "jobTitle",
      "Connected On": "notes",
    });
  });

  it("recognises our own export and maps every column but Created", () => {
    const headers = [...TEND_CSV_HEADERS];
    expect(detectSource(headers)).toBe("tend");
    const mapping = detectMapping(headers, "tend");
    const expected: (ImportField | null)[] = [
      "firstName",
      "lastName",
      "namePrefix",
      "nameSuffix",
      "nickname",
      "email",
      "phone",
      "website",
      "company",
      "jobTitle",
      "notes",
      "preferredMethod",
      "telegramUsername",
      "city",
      "region",
      "country",
      "countryCode",
      "latitude",
      "longitude",
      "timeZone",
      "addresses",
      "birthday",
      "tags",
      "rhythm",
      "lastContactedAt",
      "nextDueAt",
      "archived",
      "related",
      null, // Created: the new contact's own
      "uid", // ID: what a Related cell's [id] names
    ];
    expect(mapping).toEqual(expected);
  });

  it("maps a hand-made sheet by common names and calls it a generic CSV", () => {
    const headers = ["Name", "E-mail", "Mobile", "Organisation", "Tags", "Favourite colour"];
    expect(detectSource(headers)).toBe("generic");
    expect(detectMapping(headers, "generic")).toEqual([
      "fullName",
      "email",
      "phone",
      "company",
      "tags",
      null,
    ]);
  });
});
