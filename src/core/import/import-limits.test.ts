// The caps on a file's shape: each answers with a message a person can act on,
// and the probe's hostile files are refused before they are split into millions of cells.
import { describe, expect, it } from "vitest";
import { commaHeaderCsv, wideCsv } from "../../../tests/fixtures/import/hostile-files";
import { ImportFileError } from "./read-file";
import { readImport } from "./read-import";

const now = new Date("2025-06-01T12:00:00Z");

function readError(text: string): ImportFileError {
  try {
    readImport({ bytes: new TextEncoder().encode(text), now });
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error("the file was read");
}

describe("import caps", () => {
  it("refuses the probe's header of five million commas by its column count", () => {
    const error = readError(commaHeaderCsv());
    expect(error.code).toBe("TOO_MANY_COLUMNS");
    expect(error.message).toBe(
      "This file has 5,000,001 columns; the most we can read is 500. Delete the columns you don't need (or export only the contact fields) and try again.",
    );
  });

  it("refuses 501 columns on a short line, and reads 500", () => {
    expect(readError(wideCsv(501)).message).toMatch(/^This file has 501 columns; the most/);
    const read = readImport({ bytes: new TextEncoder().encode(wideCsv(500)), now });
    expect(read.headers).toHaveLength(500);
    expect(read.rows[0]!.contact).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
  });

  it("does not count delimiters inside quotes as columns", () => {
    const notes = `"${"a, ".repeat(40_000)}"`;
    const error = readError(`First Name,Notes\nAda,${notes}\n`);
    expect(error.code).toBe("LINE_TOO_LONG");
    expect(error.message).toBe(
      "Line 2 of this file is 120,006 characters long; the most we can read is 100,000 per line. Check that the file is a contacts export, or shorten that line.",
    );
  });

  it("refuses a cell over 20,000 characters even when it spans many short lines", () => {
    const cell = `"${`${"x".repeat(50)}\n`.repeat(500)}"`;
    const error = readError(`First Name,Notes\nAda,Ok\nBob,${cell}\n`);
    expect(error.code).toBe("CELL_TOO_LONG");
    expect(error.message).toBe(
      'Row 3 has 25,499 characters in "Notes"; the most we can read in one cell is 20,000. Shorten it and try again.',
    );
  });

  it("refuses an over-long vCard property, folded or not, naming the card", () => {
    const note = "y".repeat(30_000).replace(/(.{74})/g, "$1\r\n ");
    const vcf = `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nNOTE:${note}\r\nEND:VCARD\r\n`;
    expect(readError(vcf).message).toBe(
      'Card 2 has 30,000 characters in "Notes"; the most we can read in one cell is 20,000. Shorten it and try again.',
    );
  });

  it("joins many quoted-printable soft breaks into one value, then applies the cap", () => {
    const softBreaks = `${"=41".repeat(20)}=\r\n`.repeat(5_000);
    const vcf = `BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ada\r\nNOTE;ENCODING=QUOTED-PRINTABLE:${softBreaks}A\r\nEND:VCARD\r\n`;
    expect(readError(vcf).message).toMatch(/^Card 1 has 100,001 characters in "Notes"/);
  });
});
