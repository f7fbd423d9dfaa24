import { describe, expect, it } from "vitest";
import { readRelatedCell, writeRelatedCell } from "../relationships";
import { buildContactsCsv, type ExportContact } from "./csv-export";
import type { MappedRow } from "./map-row";
import { planImport } from "./plan-import";
import { readImport } from "./read-import";
import { namePeopleRelated } from "./related-links";

const ANN = "0b7f2c8e-5d41-4a6b-9f0e-1c2d3e4f5a6b";
const SAM_A = "1b7f2c8e-5d41-4a6b-9f0e-1c2d3e4f5a6b";
const SAM_B = "2b7f2c8e-5d41-4a6b-9f0e-1c2d3e4f5a6b";

describe("the Related cell", () => {
  it("writes kind then name, with the id in brackets only beside a name shared by two people", () => {
    const people = namePeopleRelated([
      {
        firstName: "Ann",
        lastName: "Carter",
        related: [
          { type: "parent", uid: `urn:uuid:${SAM_A}`, name: "Sam Carter" },
          { type: "friend", uid: `urn:uuid:${SAM_A}`, name: "" },
        ],
      },
      {
        firstName: "Sam",
        lastName: "Carter",
        related: [{ type: "child", uid: `urn:uuid:${ANN}`, name: "Ann Carter" }],
      },
      { firstName: "sam", lastName: " carter", related: [] },
    ]);
    expect(writeRelatedCell(people[0]!.related)).toBe(
      `parent: Sam Carter [${SAM_A}]; friend: urn:uuid:${SAM_A}`,
    );
    expect(writeRelatedCell(people[1]!.related)).toBe("child: Ann Carter");
  });

  it("reads names, names with an id, bare ids and a word of the user's", () => {
    expect(
      readRelatedCell(
        `Child: Ann Carter; partner: Sam Carter [${SAM_B.toUpperCase()}]; godparent:  Jo ; x`,
      ),
    ).toEqual([
      { type: "child", name: "Ann Carter" },
      { type: "partner", name: "Sam Carter", uid: `urn:uuid:${SAM_B}` },
      { type: "godparent", name: "Jo" },
    ]);
    expect(readRelatedCell(`friend: [${ANN}]`)).toEqual([
      { type: "friend", uid: `urn:uuid:${ANN}` },
    ]);
  });

  it("keeps the cell formula-safe when a word of the user's starts with =", () => {
    const contact = {
      id: ANN,
      firstName: "Ann",
      lastName: "Carter",
      related: [{ type: "=cmd()", name: "Jo" }],
    } as unknown as ExportContact;
    const csv = buildContactsCsv([contact]);
    expect(csv).toContain("'=cmd(): Jo");
    const [row] = readImport({ bytes: new TextEncoder().encode(csv), now: new Date() }).rows;
    expect(row!.extras.related).toEqual([{ type: "=cmd()", name: "Jo" }]);
  });
});

function person(line: number, firstName: string, extras: Partial<MappedRow["extras"]> = {}) {
  const csvRow = readImport({
    bytes: new TextEncoder().encode(`First name,Last name\n${firstName},Carter\n`),
    now: new Date(),
  }).rows[0]!;
  return {
    ...csvRow,
    line,
    extras: { lastContactedAt: null, nextDueAt: null, archivedAt: null, ...extras },
  };
}

describe("links in the import plan", () => {
  it("finds people in the file, by id among namesakes, and in the user's contacts", () => {
    const plan = planImport({
      rows: [
        person(2, "Sam", { sourceUid: SAM_A, related: [{ type: "partner", name: "Jo Carter" }] }),
        person(3, "Sam", {
          sourceUid: SAM_B,
          related: [{ type: "child", name: "Sam Carter", uid: `urn:uuid:${SAM_A}` }],
        }),
      ],
      existing: [
        {
          id: ANN,
          name: "Jo Carter",
          contact: person(9, "Jo").contact!,
        },
      ],
      decisions: { 3: "create" },
    });
    expect(plan.links).toEqual([
      { line: 2, to: { contactId: ANN }, type: "partner" },
      { line: 3, to: { line: 2 }, type: "child" },
    ]);
    expect(plan.rows.flatMap((r) => r.warnings)).toEqual([]);
  });

  it("leaves out a link that names no one, or two people, and imports the person", () => {
    const plan = planImport({
      rows: [
        person(2, "Sam", { related: [{ type: "partner", name: "Nobody Known" }] }),
        person(3, "Ann", { related: [{ type: "parent", name: "Sam Carter" }] }),
        person(4, "Sam", { related: [{ type: "friend", uid: `urn:uuid:${ANN}` }] }),
      ],
      existing: [],
      decisions: { 4: "create" },
    });
    expect(plan.summary.create).toBe(3);
    expect(plan.links).toEqual([]);
    expect(plan.rows.map((r) => r.warnings.map((w) => [w.field, w.message]))).toEqual([
      [
        [
          "related",
          'The link "partner: Nobody Known" names no one in this file or in your contacts. Left out.',
        ],
      ],
      [
        [
          "related",
          "The link \"parent: Sam Carter\" names 2 people called Sam Carter; add the person's id in brackets, as Tend's export does. Left out.",
        ],
      ],
      [
        [
          "related",
          `The link "friend: urn:uuid:${ANN}" names no one in this file or in your contacts. Left out.`,
        ],
      ],
    ]);
  });
});
