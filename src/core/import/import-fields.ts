// The vocabulary of an import: where a file came from, and which contact field each column feeds.
import { z } from "zod";
import { IMPORT_SOURCES } from "./import-sources";
import { IMPORT_MAX_COLUMNS } from "./read-file";
import {
  CONTACT_FIELDS,
  listContactFields,
  type ContactFieldDefinitions,
  type ContactFieldKey,
} from "../contact-fields";

export { IMPORT_SOURCE_LABELS, IMPORT_SOURCES, type ImportSource } from "./import-sources";
export const ImportSourceSchema = z.enum(IMPORT_SOURCES);

// Where a file's column can go: each contact field's target (CONTACT_FIELDS), the helpers that
// fill one (a middle or full name, an email's or phone's label), and the state an import may
// carry. Several columns may feed one list field (email, phone, tags, notes): their values add
// up; for the other fields the first non-empty column wins (Home City, then Business City).
type FieldTarget = (typeof CONTACT_FIELDS)[ContactFieldKey]["importTarget"];
export type ImportField =
  | FieldTarget
  | "middleName"
  | "fullName"
  | "emailLabel"
  | "phoneLabel"
  | "websiteLabel"
  | "addressStreet"
  | "addressExtended"
  | "addressCity"
  | "addressRegion"
  | "addressPostalCode"
  | "addressCountry"
  | "addressLabel"
  | "lastContactedAt"
  | "nextDueAt"
  | "archived"
  | "photo"
  | "uid"
  | "related";

export type ImportTarget = { target: string; label: string };

/** A time zone cell that says the person has none by the user's choice (the form's "None"). */
export const NO_TIME_ZONE_CELL = "None";

const NAME_HELPERS: Record<string, ImportTarget[]> = {
  firstName: [{ target: "middleName", label: "Middle name (added to first name)" }],
  lastName: [{ target: "fullName", label: "Full name (used when first and last are empty)" }],
};
// Other files give an address a column per part; the columns of one address share a prefix.
const ADDRESS_PART_TARGETS: ImportTarget[] = [
  { target: "addressStreet", label: "Address: street" },
  { target: "addressExtended", label: "Address: apartment, suite, PO box" },
  { target: "addressCity", label: "Address: city" },
  { target: "addressRegion", label: "Address: region" },
  { target: "addressPostalCode", label: "Address: postal code" },
  { target: "addressCountry", label: "Address: country" },
  { target: "addressLabel", label: "Address: label" },
];
const STATE_TARGETS: ImportTarget[] = [
  { target: "lastContactedAt", label: "Last contacted" },
  { target: "nextDueAt", label: "Next due" },
  { target: "archived", label: "Archived" },
  { target: "photo", label: "Photo" },
  { target: "uid", label: "Card UID (links related people)" },
  { target: "related", label: "Related people" },
];

/** The targets of a set of contact fields, in the order the mapping table offers them. */
export function importTargetsFor(fields: ContactFieldDefinitions): ImportTarget[] {
  return listContactFields(fields)
    .flatMap((field): ImportTarget[] => {
      const own = { target: field.importTarget, label: field.importLabel };
      if (field.kind === "emails" || field.kind === "phones" || field.kind === "websites") {
        return [own, { target: `${field.importTarget}Label`, label: `${field.importLabel} label` }];
      }
      if (field.kind === "addresses") return [own, ...ADDRESS_PART_TARGETS];
      return [own, ...(NAME_HELPERS[field.key] ?? [])];
    })
    .concat(STATE_TARGETS);
}

const IMPORT_TARGETS = importTargetsFor(CONTACT_FIELDS) as { target: ImportField; label: string }[];
export const IMPORT_FIELDS = IMPORT_TARGETS.map((t) => t.target) as [ImportField, ...ImportField[]];
export const ImportFieldSchema = z.enum(IMPORT_FIELDS);

export const IMPORT_FIELD_LABELS = Object.fromEntries(
  IMPORT_TARGETS.map((t) => [t.target, t.label]),
) as Record<ImportField, string>;

// One entry per column of the file, in order; `field: null` means the column is ignored.
export const ColumnMappingSchema = z.array(ImportFieldSchema.nullable()).max(IMPORT_MAX_COLUMNS);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

// A parsed file before mapping: the header row and the data rows, as text cells.
export type ImportTable = {
  headers: string[];
  rows: ImportTableRow[];
  /** What one row is to a person: a spreadsheet row, a card in a .vcf, a contact in JSON. */
  unit: "row" | "card" | "contact";
};
// `line` is the 1-based row number a person sees in a spreadsheet (the header is row 1, or later
// when the file starts with notes as LinkedIn's does).
export type ImportTableRow = { line: number; cells: string[] };
