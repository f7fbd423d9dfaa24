// The whole reading side of an import, from bytes to mapped rows: decode, tell CSV from vCard
// from our JSON export, detect the source and the column mapping (or apply the user's).
import type { GroupRhythm } from "../group-rhythms";
import { parseAccountFile } from "./account-export";
import { unescapeFormula } from "./csv-export";
import { detectMapping, detectSource } from "./detect-mapping";
import type { ColumnMapping, ImportSource, ImportTable } from "./import-fields";
import { mapRow, type MappedRow } from "./map-row";
import { parseCsvTable } from "./parse-csv";
import {
  cellTooLongMessage,
  decodeImportBytes,
  detectFileKind,
  IMPORT_MAX_CELL_CHARS,
  ImportFileError,
} from "./read-file";
import { parseVcardTable } from "./vcard-parse";

export type ReadImport = {
  source: ImportSource;
  /** The file's columns and the mapping in use; empty for a JSON export (no mapping needed). */
  headers: string[];
  detectedMapping: ColumnMapping;
  mapping: ColumnMapping;
  /** A few values per column, so the mapping can be checked against real data. */
  samples: string[][];
  unit: ImportTable["unit"];
  rows: MappedRow[];
  /** A JSON export's group rhythms (the other formats name a group beside a followed rhythm). */
  groups?: GroupRhythm[];
};

const SAMPLE_ROWS = 3;

export const MAPPING_MISMATCH =
  "The column mapping doesn't match this file's columns. Upload the file again to start over.";

export function readImport(options: {
  bytes: Uint8Array;
  mapping?: ColumnMapping | null;
  now: Date;
}): ReadImport {
  const text = decodeImportBytes(options.bytes);
  const kind = detectFileKind(text);
  if (kind === "json") {
    const account = parseAccountFile(text);
    return {
      source: "json",
      headers: [],
      detectedMapping: [],
      mapping: [],
      samples: [],
      unit: "contact",
      rows: account.rows,
      groups: account.groups,
    };
  }
  const parsed = kind === "vcard" ? parseVcardTable(text) : parseCsvTable(text);
  assertCellSizes(parsed);
  const source = kind === "vcard" ? "vcard" : detectSource(parsed.headers);
  // Only our own export escapes formulas; a quote at the start of a Google or Outlook cell is
  // the user's own text and stays.
  const table = source === "tend" ? unescapeTable(parsed) : parsed;
  const detectedMapping = detectMapping(table.headers, source);
  const mapping = options.mapping ?? detectedMapping;
  if (mapping.length !== table.headers.length)
    throw new ImportFileError("BAD_MAPPING", MAPPING_MISMATCH);
  return {
    source,
    headers: table.headers,
    detectedMapping,
    mapping,
    samples: table.headers.map((_, column) =>
      table.rows
        .map((r) => r.cells[column] ?? "")
        .filter(Boolean)
        .slice(0, SAMPLE_ROWS)
        .map((v) => v.slice(0, 80)),
    ),
    unit: table.unit,
    rows: table.rows.map((row) =>
      mapRow({ headers: table.headers, mapping, row, now: options.now }),
    ),
  };
}

const UNIT_WORDS: Record<ImportTable["unit"], string> = {
  row: "Row",
  card: "Card",
  contact: "Contact",
};

function assertCellSizes(table: ImportTable): void {
  // A card's photo is an image, long by nature; its own size check leaves it out of its row.
  const photo = table.unit === "card" ? table.headers.indexOf("Photo") : -1;
  for (const row of table.rows) {
    const column = row.cells.findIndex(
      (cell, i) => i !== photo && cell.length > IMPORT_MAX_CELL_CHARS,
    );
    if (column < 0) continue;
    throw new ImportFileError(
      "CELL_TOO_LONG",
      cellTooLongMessage({
        unit: UNIT_WORDS[table.unit],
        line: row.line,
        column: table.headers[column] ?? `column ${column + 1}`,
        length: row.cells[column]!.length,
      }),
    );
  }
}

function unescapeTable(table: ImportTable): ImportTable {
  return {
    ...table,
    rows: table.rows.map((row) => ({ ...row, cells: row.cells.map(unescapeFormula) })),
  };
}
