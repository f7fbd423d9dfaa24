import { describe, expect, it } from "vitest";
import { countLeftOut, describeLeftOut } from "./left-out-summary";
import { mapRow } from "./map-row";
import type { ColumnMapping } from "./import-fields";

const now = new Date("2025-06-01T12:00:00Z");

function row(mapping: ColumnMapping, headers: string[], cells: string[], line = 2) {
  return mapRow({ headers, mapping, row: { line, cells }, now });
}

describe("the summary of what an import leaves out", () => {
  it("counts left-out values by kind across rows, most first, in words", () => {
    const headers = ["Name", "Email", "Email 2", "Birthday"];
    const mapping: ColumnMapping = ["fullName", "email", "email", "birthday"];
    const rows = [
      row(mapping, headers, ["Ada Lovelace", "ada@", "ada@example.com", "1815-13-40"], 2),
      row(mapping, headers, ["Grace Hopper", "grace@", "x@", "not a date"], 3),
      row(mapping, headers, ["Alan Turing", "alan@example.com", "", "31/31/1912"], 4),
    ];
    const counts = countLeftOut(rows);
    expect(counts).toEqual([
      { field: "birthday", count: 3 },
      { field: "email", count: 3 },
    ]);
    expect(describeLeftOut(counts)).toBe("3 birthdays and 3 email addresses left out");
  });

  it("does not count a name taken from the company as something left out", () => {
    const imported = row(["company", "phone"], ["Company", "Phone"], ["Acme Plumbing", "12"]);
    expect(imported.warnings.map((w) => w.message)).toContain("No name: named by the company.");
    expect(describeLeftOut(countLeftOut([imported]))).toBe("1 phone number left out");
  });

  it("says nothing when nothing is left out, and lists three kinds with commas", () => {
    expect(describeLeftOut([])).toBeNull();
    expect(
      describeLeftOut([
        { field: "birthday", count: 3 },
        { field: "email", count: 2 },
        { field: "rhythm", count: 1 },
      ]),
    ).toBe("3 birthdays, 2 email addresses and 1 rhythm left out");
  });
});
