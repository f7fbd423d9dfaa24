import { describe, expect, it } from "vitest";
import linkedin from "../../../tests/fixtures/import/linkedin-connections.csv?raw";
import { parseCsvTable } from "./parse-csv";
import { FILE_MESSAGES } from "./read-file";

function problem(text: string): string | undefined {
  try {
    parseCsvTable(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("parseCsvTable", () => {
  it("skips LinkedIn's notes above the header and numbers rows as a spreadsheet does", () => {
    const table = parseCsvTable(linkedin);
    expect(table.headers).toEqual([
      "First Name",
      "Last Name",
      "URL",
      "Email Address",
      "Company",
      "Position",
      "Connected On",
    ]);
    expect(table.rows).toHaveLength(3);
    expect(table.rows[0]!.line).toBe(5);
    expect(table.rows[0]!.cells.slice(0, 2)).toEqual(["Radia", "Perlman"]);
  });

  it("reads semicolon- and tab-separated files (Excel in many locales)", () => {
    expect(parseCsvTable("First name;Last name\nAda;Lovelace\n").rows[0]!.cells).toEqual([
      "Ada",
      "Lovelace",
    ]);
    expect(parseCsvTable("First name\tEmail\nAda\tada@example.com").rows[0]!.cells).toEqual([
      "Ada",
      "ada@example.com",
    ]);
  });

  it("keeps quoted line breaks in a cell and counts them in later row numbers", () => {
    const table = parseCsvTable('Name,Notes\nAda,"line one\nline two"\nGrace,x\n');
    expect(table.rows[0]!.cells[1]).toBe("line one\nline two");
    expect(table.rows[1]).toMatchObject({ line: 4, cells: ["Grace", "x"] });
  });

  it("pads short rows and ignores blank rows, keeping each cell's text as written", () => {
    const table = parseCsvTable("First name,Phones,Notes\nAda,'+44 20 7946 0958\n,,\n\n");
    expect(table.rows).toEqual([{ line: 2, cells: ["Ada", "'+44 20 7946 0958", ""] }]);
  });

  it("refuses a file without a header row, or with no rows under it", () => {
    expect(problem("just one line of prose without any columns")).toBe(FILE_MESSAGES.NO_COLUMNS);
    expect(problem("Dear diary, today I met nobody")).toBe(FILE_MESSAGES.NO_COLUMNS);
    expect(problem("Dear diary, today\nI met nobody.\nNot one, not two, not three.")).toBe(
      FILE_MESSAGES.NO_COLUMNS,
    );
    // Unknown columns that line up are a table the user can map by hand.
    expect(parseCsvTable("Alpha,Beta\n1,2\n").rows).toHaveLength(1);
    expect(problem("First Name,Last Name,Email\n")).toBe(FILE_MESSAGES.NO_ROWS);
  });

  it("reads more rows than an account holds, up to what one import reads", () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `Person ${i},p${i}@example.com`);
    expect(problem(`Name,Email\n${rows.join("\n")}`)).toMatch(
      /^This file has 5,001 contacts; the most we can read at once is 5,000/,
    );
    expect(parseCsvTable(`Name,Email\n${rows.slice(1).join("\n")}`).rows).toHaveLength(5000);
  });
});
