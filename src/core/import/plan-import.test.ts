import { describe, expect, it } from "vitest";
import type { ContactInput } from "../contacts";
import { findDuplicate, buildDuplicateIndex, nameKey, phoneKey } from "./duplicates";
import type { MappedRow } from "./map-row";
import { mergeContact } from "./merge-contact";
import { planImport, type ExistingContact } from "./plan-import";

function contact(fields: Partial<ContactInput>): ContactInput {
  return {
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
    timeZone: null,
    addresses: [],
    birthday: null,
    tags: [],
    rhythm: null,
    ...fields,
  };
}

const noExtras = { lastContactedAt: null, nextDueAt: null, archivedAt: null };
function row(line: number, fields: Partial<ContactInput> | null): MappedRow {
  return {
    line,
    contact: fields ? contact(fields) : null,
    extras: noExtras,
    errors: fields ? [] : [{ field: "firstName", message: "No name" }],
    warnings: [],
    displayName: `row ${line}`,
  };
}

describe("duplicate keys", () => {
  it("matches phones written nationally and internationally", () => {
    expect(phoneKey("+44 20 7946 0958")).toBe(phoneKey("020 7946 0958"));
    expect(phoneKey("+1 (555) 010-2030")).toBe(phoneKey("555-010-2030"));
    expect(phoneKey("112")).toBeNull();
  });

  it("matches names ignoring case, accents and spacing", () => {
    expect(nameKey({ firstName: "José", lastName: "ÁLVAREZ " })).toBe("jose alvarez");
    expect(nameKey({ firstName: null, lastName: null })).toBeNull();
  });

  it("checks email, then phone, then name", () => {
    const index = buildDuplicateIndex([
      ["a", contact({ firstName: "Ada", lastName: "Lovelace" })],
      ["b", contact({ firstName: "X", emails: [{ value: "ada@example.com" }] })],
      ["c", contact({ firstName: "Y", phones: [{ value: "+44 20 7946 0958" }] })],
    ]);
    const ada = contact({
      firstName: "Ada",
      lastName: "Lovelace",
      emails: [{ value: "ADA@example.com" }],
      phones: [{ value: "020 7946 0958" }],
    });
    expect(findDuplicate(index, ada)).toEqual({ key: "b", reason: "email" });
    expect(findDuplicate(index, { ...ada, emails: [] })).toEqual({ key: "c", reason: "phone" });
    expect(findDuplicate(index, { ...ada, emails: [], phones: [] })).toEqual({
      key: "a",
      reason: "name",
    });
    expect(findDuplicate(index, contact({ firstName: "Grace" }))).toBeNull();
  });
});

describe("mergeContact", () => {
  it("fills gaps and joins lists without overwriting what the user has", () => {
    const base = contact({
      firstName: "Ada",
      company: "Mine",
      emails: [{ value: "ada@example.com" }],
      tags: ["friends"],
      notes: "Typed by me",
      city: "London",
    });
    const incoming = contact({
      firstName: "Augusta",
      lastName: "Lovelace",
      company: "Theirs",
      emails: [{ value: "ADA@example.com" }, { label: "work", value: "ada@work.example" }],
      tags: ["Friends", "science"],
      notes: "From the import",
      city: "Paris",
      country: "France",
    });
    expect(mergeContact(base, incoming)).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Mine",
      emails: [{ value: "ada@example.com" }, { label: "work", value: "ada@work.example" }],
      tags: ["friends", "science"],
      notes: "Typed by me\n\nFrom the import",
      city: "London",
      country: null,
    });
    expect(mergeContact(base, base)).toEqual(base);
  });
});

describe("planImport", () => {
  const existing: ExistingContact[] = [
    {
      id: "c1",
      name: "Alan Turing",
      contact: contact({
        firstName: "Alan",
        lastName: "Turing",
        emails: [{ value: "alan@example.com" }],
      }),
    },
    {
      id: "c2",
      name: "Grace Hopper",
      contact: contact({ firstName: "Grace", lastName: "Hopper" }),
    },
  ];
  const rows = [
    row(2, { firstName: "Alan", emails: [{ value: "alan@example.com" }], company: "Bletchley" }),
    row(3, { firstName: "Grace", lastName: "Hopper" }),
    row(4, { firstName: "Ada", emails: [{ value: "ada@example.com" }] }),
    row(5, { firstName: "Ada L.", emails: [{ value: "ada@example.com" }], city: "London" }),
    row(6, null),
  ];

  it("suggests merge for email/phone matches and skip for a name alone", () => {
    const plan = planImport({ rows, existing });
    expect(plan.rows.map((r) => [r.line, r.decision, r.duplicate?.kind ?? null])).toEqual([
      [2, "merge", "existing"],
      [3, "skip", "existing"],
      [4, "create", null],
      [5, "merge", "row"],
      [6, null, null],
    ]);
    expect(plan.rows[0]!.duplicate).toEqual({
      kind: "existing",
      contactId: "c1",
      name: "Alan Turing",
      reason: "email",
    });
    expect(plan.summary).toEqual({
      total: 5,
      create: 1,
      merge: 2,
      unchanged: 0,
      skip: 1,
      invalid: 1,
      leftOver: 0,
    });
    // Row 5 folded into row 4's new contact.
    expect(plan.creates).toHaveLength(1);
    expect(plan.creates[0]).toMatchObject({
      lines: [4, 5],
      contact: { firstName: "Ada", city: "London" },
    });
    expect(plan.merges[0]).toMatchObject({
      contactId: "c1",
      lines: [2],
      after: { company: "Bletchley" },
    });
  });

  it("follows the user's choices", () => {
    const plan = planImport({
      rows,
      existing,
      decisions: { "2": "skip", "3": "create", "5": "create" },
    });
    expect(plan.rows.map((r) => r.decision)).toEqual(["skip", "create", "create", "create", null]);
    expect(plan.summary).toMatchObject({ create: 3, merge: 0, skip: 1 });
  });

  it("creates instead of merging when there is nothing to merge into", () => {
    const plan = planImport({
      rows: [row(2, { firstName: "New" })],
      existing,
      decisions: { "2": "merge" },
    });
    expect(plan.rows[0]!.decision).toBe("create");
  });

  it("counts merges that add nothing as unchanged, whatever the key order", () => {
    const reordered = Object.fromEntries(
      Object.entries(existing[0]!.contact).reverse(),
    ) as ContactInput;
    const same = planImport({
      rows: [
        row(2, { firstName: "Alan", lastName: "Turing", emails: [{ value: "alan@example.com" }] }),
      ],
      existing: [{ ...existing[0]!, contact: reordered }],
    });
    expect(same.summary).toMatchObject({ merge: 1, unchanged: 1 });
  });

  it("counts merges that add nothing as unchanged", () => {
    const plan = planImport({
      rows: [
        row(2, { firstName: "Alan", lastName: "Turing", emails: [{ value: "alan@example.com" }] }),
      ],
      existing,
    });
    expect(plan.summary).toMatchObject({ merge: 1, unchanged: 1 });
  });
});
