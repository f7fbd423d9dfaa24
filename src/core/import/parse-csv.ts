// CSV text → header + rows (Papa Parse), skipping the notes some exporters put above the header
// (LinkedIn's Connections.csv starts with a "Notes:" paragraph).
import Papa from "papaparse";
import { isKnownHeader } from "./detect-mapping";
import type { ImportTable } from "./import-fields";
import {
  FILE_MESSAGES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINE_CHARS,
  ImportFileError,
  lineTooLongMessage,
  tooManyColumnsMessage,
  IMPORT_MAX_ROWS,
  tooManyRowsMessage,
} from "./read-file";

const HEADER_SEARCH_ROWS = 15;

function isBlankRow(cells: string[]): boolean {
  return cells.every((c) => c.trim() === "");
}

// The header is the first row among the first few that names at least two columns we know (or
// is a single known column); failing that, the first row with more than one non-empty cell.
function findHeaderIndex(rows: string[][]): number {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const known = rows[i]!.filter((c) => isKnownHeader(c)).length;
    const filled = rows[i]!.filter((c) => c.trim() !== "").length;
    // A one-column file is fine when that column is one we know ("Email").
    if (known >= 2 || (known === 1 && filled === 1)) return i;
  }
  for (let i = 0; i < limit; i++) {
    if (rows[i]!.filter((c) => c.trim() !== "").length > 1) return i;
  }
  return -1;
}

const DELIMITERS = [",", ";", "\t", "|"];

// Papa Parse's own guess stumbles on notes above the header and on trailing blank lines, so
// each delimiter is tried on the first lines and the one whose header row we recognise best wins.
function chooseDelimiter(text: string): string {
  let best = ",";
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const { data } = Papa.parse<string[]>(text, {
      delimiter,
      preview: HEADER_SEARCH_ROWS,
      skipEmptyLines: "greedy",
    });
    const index = findHeaderIndex(data);
    if (index < 0) continue;
    const header = data[index]!;
    const score = header.filter((c) => isKnownHeader(c)).length * 1000 + header.length;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

// The most fields any delimiter makes of text[start, end), not counting delimiters in quotes.
function countColumns(text: string, start: number, end: number): number {
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const code = delimiter.charCodeAt(0);
    let fields = 1;
    let isQuoted = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) isQuoted = !isQuoted;
      else if (c === code && !isQuoted) fields += 1;
    }
    most = Math.max(most, fields);
  }
  return most;
}

// Runs before Papa Parse, in one pass: a line too long to be a contact is refused before it is
// split into cells (the probe's header of five million commas took seconds to split), and named
// by its column count when that is what makes it long.
function assertLineLengths(text: string): void {
  const breaks = /\r\n|\r|\n/g;
  let lineStart = 0;
  let line = 1;
  for (;;) {
    const found = breaks.exec(text);
    const lineEnd = found ? found.index : text.length;
    const length = lineEnd - lineStart;
    if (length > IMPORT_MAX_LINE_CHARS) {
      const columns = countColumns(text, lineStart, lineEnd);
      if (columns > IMPORT_MAX_COLUMNS)
        throw new ImportFileError("TOO_MANY_COLUMNS", tooManyColumnsMessage(columns));
      throw new ImportFileError("LINE_TOO_LONG", lineTooLongMessage(line, length));
    }
    if (!found) return;
    lineStart = breaks.lastIndex;
    line += 1;
  }
}

export function parseCsvTable(text: string): ImportTable {
  const clean = text.replace(/^\uFEFF/, "");
  assertLineLengths(clean);
  const result = Papa.parse<string[]>(clean, {
    header: false,
    skipEmptyLines: false,
    delimiter: chooseDelimiter(clean),
  });
  const rows = result.data;
  const columns = rows.reduce((most, cells) => Math.max(most, cells.length), 0);
  if (columns > IMPORT_MAX_COLUMNS)
    throw new ImportFileError("TOO_MANY_COLUMNS", tooManyColumnsMessage(columns));
  const headerIndex = findHeaderIndex(rows);
  if (headerIndex < 0) throw new ImportFileError("NO_COLUMNS", FILE_MESSAGES.NO_COLUMNS);
  const headers = rows[headerIndex]!.map((h) => h.replace(/^\uFEFF/, "").trim());
  // Papa Parse counts lines itself only in header mode; rows here are one per record, and a
  // record with a quoted line break spans several lines, so count them for the row numbers.
  const lineOf = lineNumbers(rows);
  const body = rows
    .slice(headerIndex + 1)
    .map((cells, i) => ({ line: lineOf[headerIndex + 1 + i]!, cells }))
    .filter((row) => !isBlankRow(row.cells));
  // No column we know and rows that don't line up with the header: prose, not a table.
  const isKnown = headers.some((h) => isKnownHeader(h));
  const ragged = body.filter((row) => row.cells.length !== headers.length).length;
  if (!isKnown && (body.length === 0 || ragged * 2 > body.length))
    throw new ImportFileError("NO_COLUMNS", FILE_MESSAGES.NO_COLUMNS);
  if (body.length === 0) throw new ImportFileError("NO_ROWS", FILE_MESSAGES.NO_ROWS);
  if (body.length > IMPORT_MAX_ROWS)
    throw new ImportFileError("TOO_MANY_ROWS", tooManyRowsMessage(body.length));
  return {
    headers,
    unit: "row",
    rows: body.map((row) => ({
      line: row.line,
      cells: headers.map((_, i) => (row.cells[i] ?? "").trim()),
    })),
  };
}

function lineNumbers(rows: string[][]): number[] {
  const lines: number[] = [];
  let line = 1;
  for (const cells of rows) {
    lines.push(line);
    line += 1 + cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return lines;
}
