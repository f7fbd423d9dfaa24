// Contacts → CSV with every field, safe to open in a spreadsheet: no text cell starts with a
// formula character (OWASP CSV injection guidance: = + - @ tab CR get a leading single quote; so do
// their fullwidth forms ＝ ＋ － ＠, which spreadsheets in East Asian locales read as formulas).
import Papa from "papaparse";
import { writeRelatedCell, type RelatedRef } from "../relationships";
import { namePeopleRelated } from "./related-links";
import {
  CONTACT_FIELDS,
  CONTACT_METHOD_LABELS,
  listContactFields,
  type ContactFieldDefinitions,
  type ContactFieldKey,
  type ContactFieldKind,
  type ContactMethod,
} from "../contact-fields";
import type { Contact } from "../contacts";
import { writeAddressesCell, type PostalAddress } from "../postal-address";
import { phoneText } from "../phone-numbers";
import { describeEffectiveRhythm, type RhythmSource } from "../group-rhythms";
import { describeRhythm, type Rhythm } from "../rhythm";
import { formatBirthday, type Birthday } from "./parse-values";

// A value that already starts with quotes before a formula character ('=1) is escaped too, so
// that reading our own export back can always strip exactly one quote and get the value typed.
const NEEDS_ESCAPE = /^'*[=+\-@\t\r＝＋－＠]/;
const ESCAPED = /^'+[=+\-@\t\r＝＋－＠]/;

export function escapeFormula(value: string): string {
  return NEEDS_ESCAPE.test(value) ? `'${value}` : value;
}

/**
 * Undoes escapeFormula, for our own export only ('+44 20… → +44 20…, ''=1 → '=1). Other
 * sources' cells are kept as they are: a leading quote there is the user's text.
 */
export function unescapeFormula(value: string): string {
  return ESCAPED.test(value) ? value.slice(1) : value;
}

/** A stored photo as a vCard carries it. */
export type ExportPhoto = { mediaType: string; base64: string };

/** What the CSV holds of a contact: its fields and the state an import can read back. */
export type ExportContact = Pick<
  Contact,
  ContactFieldKey | "id" | "lastContactedAt" | "nextDueAt" | "archivedAt" | "createdAt"
> & {
  rhythmSource?: RhythmSource;
  photo?: ExportPhoto;
  related?: RelatedRef[];
  isTimeZoneSetByHand?: boolean;
};

type Labelled = { label?: string; value: string; ext?: string };

// A phone's extension follows its number as " x123", which an import splits off again.
function joinLabelled(list: readonly Labelled[]): string {
  return list.map((e) => (e.label ? `${e.label}: ${phoneText(e)}` : phoneText(e))).join("; ");
}

/** A field's value as a cell, by the field's kind. */
export function cellOf(kind: ContactFieldKind, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "emails":
    case "phones":
    case "websites":
      return joinLabelled(value as Labelled[]);
    case "addresses":
      return writeAddressesCell(value as PostalAddress[]);
    case "tags":
      return (value as string[]).join("; ");
    case "method":
      return CONTACT_METHOD_LABELS[value as ContactMethod];
    case "birthday":
      return formatBirthday(value as Birthday);
    case "rhythm":
      return describeRhythm(value as Rhythm);
    default:
      return typeof value === "number" ? String(value) : (value as string);
  }
}

export type CsvColumn = {
  header: string;
  cell: (c: ExportContact) => string;
  /** A number's cell ("-9.14") is never a formula, and a leading quote would make it text. */
  isNumber?: boolean;
};

// After the fields: the state an import reads back, then bookkeeping it ignores.
const STATE_COLUMNS: CsvColumn[] = [
  { header: "Last contacted", cell: (c) => c.lastContactedAt ?? "" },
  { header: "Next due", cell: (c) => (c.rhythm ? (c.nextDueAt ?? "") : "") },
  { header: "Archived", cell: (c) => c.archivedAt ?? "" },
  { header: "Related", cell: (c) => writeRelatedCell(c.related ?? []) },
  { header: "Created", cell: (c) => c.createdAt },
  { header: "ID", cell: (c) => c.id },
];

/** Our CSV's columns for a set of contact fields: one per field, in order, then the state. */
export function csvColumnsFor(fields: ContactFieldDefinitions): CsvColumn[] {
  const fieldColumns = listContactFields(fields).map(({ key, kind, csvHeader }): CsvColumn => ({
    header: csvHeader,
    cell: (c) =>
      // A followed group's rhythm says so: "Every 2 weeks (Close friends)".
      kind === "rhythm" && c.rhythmSource
        ? describeEffectiveRhythm(c.rhythm, c.rhythmSource ?? null)
        : cellOf(kind, (c as Record<string, unknown>)[key]),
    isNumber: kind === "number",
  }));
  return [...fieldColumns, ...STATE_COLUMNS];
}

const TEND_CSV_COLUMNS = csvColumnsFor(CONTACT_FIELDS);
// Our own CSV export's headers, in order (detect-mapping.ts recognises them).
export const TEND_CSV_HEADERS = TEND_CSV_COLUMNS.map((column) => column.header);

/** A CSV file of these columns: text cells formula-safe, a BOM for Excel, CRLF as RFC 4180 asks. */
export function writeCsv(
  columns: readonly CsvColumn[],
  contacts: readonly ExportContact[],
): string {
  const rows = contacts.map((c) =>
    columns.map((column) => (column.isNumber ? column.cell(c) : escapeFormula(column.cell(c)))),
  );
  const fields = columns.map((column) => column.header);
  return `\uFEFF${Papa.unparse({ fields, data: rows }, { newline: "\r\n" })}\r\n`;
}

export function buildContactsCsv(contacts: readonly ExportContact[]): string {
  return writeCsv(TEND_CSV_COLUMNS, namePeopleRelated(contacts));
}
