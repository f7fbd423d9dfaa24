import { describe, expect, it } from "vitest";
import { readImport } from "./read-import";

const now = new Date("2025-06-01T12:00:00Z");
const read = (text: string) => readImport({ bytes: new TextEncoder().encode(text), now });
const card = (...lines: string[]) =>
  ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD"].join("\r\n") + "\r\n";

describe("an import never drops a person for one field", () => {
  it("imports an Android card with one bad second email, naming what it left out", () => {
    const [row] = read(
      card(
        "N:Doe;Jane;;;",
        "FN:Jane Doe",
        "EMAIL;TYPE=HOME:jane@example.com",
        "EMAIL;TYPE=WORK:jane@",
        "TEL;TYPE=CELL:+1 555 0100",
        "TEL;TYPE=HOME:+1 555 0101",
        "TEL;TYPE=WORK:+1 555 0102",
        "ORG:Acme",
      ),
    ).rows;
    expect(row!.errors).toEqual([]);
    expect(row!.contact).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      emails: [{ label: "home", value: "jane@example.com" }],
      company: "Acme",
    });
    expect(row!.contact!.phones).toHaveLength(3);
    expect(row!.warnings).toEqual([
      { field: "email", message: 'Email "jane@": Please enter a valid email address. Left out.' },
    ]);
  });

  it("keeps what fits of a list longer than a contact holds, the place address included", () => {
    const addresses = Array.from(
      { length: 7 },
      (_, i) => `ADR;TYPE=${i === 6 ? "HOME,PREF" : "WORK"}:;;${i + 1} Main St;Town ${i + 1};;;USA`,
    );
    const emails = Array.from({ length: 12 }, (_, i) => `EMAIL:p${i + 1}@example.com`);
    const [row] = read(card("N:Many;Maud;;;", ...addresses, ...emails)).rows;
    expect(row!.errors).toEqual([]);
    const kept = row!.contact!.addresses;
    expect(kept).toHaveLength(5);
    // The place (the preferred, last one) is kept, with the first four others.
    expect(kept.map((a) => a.city)).toEqual(["Town 1", "Town 2", "Town 3", "Town 4", "Town 7"]);
    expect(row!.contact!.city).toBe("Town 7");
    expect(row!.contact!.emails.map((e) => e.value)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i + 1}@example.com`),
    );
    expect(row!.warnings.map((w) => w.message)).toEqual([
      "2 more email addresses: a contact holds at most 10. Left out.",
      "2 more addresses: a contact holds at most 5. Left out.",
    ]);
  });

  it("takes a birthday of any real year: Marie Curie was born in 1867", () => {
    const [row] = read(card("N:Curie;Marie;;;", "BDAY:1867-11-07")).rows;
    expect(row!.contact?.birthday).toEqual({ day: 7, month: 11, year: 1867 });
    expect(row!.warnings).toEqual([]);
  });

  it("keeps the person when the birthday is impossible, without the birthday", () => {
    const [row] = read(card("N:Day;Leap;;;", "BDAY:2023-02-30")).rows;
    expect(row!.contact).toMatchObject({ firstName: "Leap", birthday: null });
    expect(row!.warnings).toHaveLength(1);
  });
});

describe("a name from what there is", () => {
  it("uses the nickname, then the company, then the email's name part, then the phone", () => {
    const rows = read(
      card("N:;;;;", "NICKNAME:Bunny,Bun") +
        card("N:;;;;", "ORG:Acme Plumbing;Repairs") +
        card("N:;;;;", "EMAIL:grace.hopper@example.com") +
        card("N:;;;;", "TEL:+44 20 7946 0958"),
    ).rows;
    expect(rows.map((r) => r.contact?.firstName)).toEqual([
      "Bunny",
      "Acme Plumbing",
      "grace.hopper",
      "+44 20 7946 0958",
    ]);
    expect(rows.map((r) => r.errors)).toEqual([[], [], [], []]);
    expect(rows[2]!.warnings[0]!.message).toBe(
      'No name: named "grace.hopper" from the email address. Edit it after the import.',
    );
  });

  it("reads a Google row with only an organisation", () => {
    const csv = "Given Name,Family Name,Organization 1 - Name,Phone 1 - Value\n,,Acme Plumbing,\n";
    const [row] = read(csv).rows;
    expect(row!.contact).toMatchObject({ firstName: "Acme Plumbing", company: "Acme Plumbing" });
  });

  it("refuses only a row with nothing that names a person", () => {
    const [row] = read(card("N:;;;;", "NOTE:just a note", "EMAIL:not-an-address")).rows;
    expect(row!.contact).toBeNull();
    expect(row!.errors).toEqual([
      {
        field: "firstName",
        message: "Nothing here names a person: no name, nickname, company, email or phone.",
      },
    ]);
  });
});
