// Turns an uploaded file's bytes into text and says what kind of file it is, or why we can't
// read it — in words a person can act on. Nothing here touches the database.
import { CONTACT_LIMIT } from "../constants";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
// Caps on a file's shape: they keep one upload's reading cost bounded and answer a
// hostile or broken file with a message instead of minutes of work. Real exports sit far below:
// Google's CSV has ~90 columns; the longest field we keep (notes) is 10,000 characters.
export const IMPORT_MAX_COLUMNS = 500;
export const IMPORT_MAX_LINE_CHARS = 100_000;
export const IMPORT_MAX_CELL_CHARS = 20_000;
// A file may hold more people than an account (the preview offers those that fit and leaves the
// rest for later), up to a bound that keeps one preview's reading and answer a few megabytes.
export const IMPORT_MAX_ROWS = 5 * CONTACT_LIMIT;

export type ImportFileKind = "csv" | "vcard" | "json";

export type FileProblemCode = "EMPTY" | "TOO_LARGE" | "NOT_TEXT" | "ENCODING" | "SPREADSHEET";

export class ImportFileError extends Error {
  readonly code:
    | FileProblemCode
    | "NO_COLUMNS"
    | "NO_ROWS"
    | "BAD_MAPPING"
    | "TOO_MANY_ROWS"
    | "TOO_MANY_COLUMNS"
    | "LINE_TOO_LONG"
    | "CELL_TOO_LONG"
    | "NOT_TEND_EXPORT";
  constructor(code: ImportFileError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

export const FILE_MESSAGES = {
  EMPTY: "This file is empty. Choose a CSV or vCard file that contains your contacts.",
  TOO_LARGE:
    "This file is larger than 10 MB. Split it into smaller files and import them one at a time.",
  NOT_TEXT:
    "This file isn't a CSV or vCard file. Export your contacts as CSV or vCard (.vcf) and try again.",
  SPREADSHEET:
    'This looks like an Excel or Numbers spreadsheet. Save it as "CSV UTF-8" (File → Save As) and import that file.',
  ENCODING:
    'This file isn\'t UTF-8 text, so names with accents would come out garbled. Save it as "CSV UTF-8" (or export it again choosing UTF-8) and try again.',
  NO_COLUMNS:
    "We couldn't find a header row with columns in this file. The first row of a CSV file should name its columns, for example First Name, Last Name, Email.",
  NO_ROWS: "This file has a header row but no contacts below it.",
} as const;

export function tooManyRowsMessage(rows: number): string {
  return `This file has ${count(rows)} contacts; the most we can read at once is ${count(IMPORT_MAX_ROWS)} (an account holds ${count(CONTACT_LIMIT)}). Split it into smaller files and import them one at a time.`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

export function tooManyColumnsMessage(columns: number): string {
  return `This file has ${count(columns)} columns; the most we can read is ${count(IMPORT_MAX_COLUMNS)}. Delete the columns you don't need (or export only the contact fields) and try again.`;
}

export function lineTooLongMessage(line: number, length: number): string {
  return `Line ${count(line)} of this file is ${count(length)} characters long; the most we can read is ${count(IMPORT_MAX_LINE_CHARS)} per line. Check that the file is a contacts export, or shorten that line.`;
}

export function cellTooLongMessage(options: {
  unit: string;
  line: number;
  column: string;
  length: number;
}): string {
  const { unit, line, column, length } = options;
  return `${unit} ${count(line)} has ${count(length)} characters in "${column.slice(0, 80)}"; the most we can read in one cell is ${count(IMPORT_MAX_CELL_CHARS)}. Shorten it and try again.`;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

// UTF-8 (with or without BOM) and UTF-16 with a BOM are read; anything else is refused rather
// than guessed, because a wrong guess silently corrupts names.
export function decodeImportBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ImportFileError("EMPTY", FILE_MESSAGES.EMPTY);
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new ImportFileError("TOO_LARGE", FILE_MESSAGES.TOO_LARGE);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    throw new ImportFileError("SPREADSHEET", FILE_MESSAGES.SPREADSHEET);
  let text: string;
  try {
    if (startsWith(bytes, [0xff, 0xfe]))
      text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes.subarray(2));
    else if (startsWith(bytes, [0xfe, 0xff]))
      text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(
      looksBinary(bytes) ? "NOT_TEXT" : "ENCODING",
      looksBinary(bytes) ? FILE_MESSAGES.NOT_TEXT : FILE_MESSAGES.ENCODING,
    );
  }
  if (text.includes("\u0000")) throw new ImportFileError("NOT_TEXT", FILE_MESSAGES.NOT_TEXT);
  if (text.trim() === "") throw new ImportFileError("EMPTY", FILE_MESSAGES.EMPTY);
  return text;
}

// Control bytes other than tab, CR, LF and form feed in the first KB mean a binary file.
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  let control = 0;
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) control += 1;
  return control > 0;
}

export function detectFileKind(text: string): ImportFileKind {
  const head = text.replace(/^\uFEFF/, "").trimStart();
  if (/^BEGIN:VCARD/i.test(head)) return "vcard";
  if (head.startsWith("{")) return "json";
  return "csv";
}
