// The vocabulary of an import: where a file came from, and which contact field each column feeds.
import { z } from "zod";
import { IMPORT_MAX_COLUMNS } from "./read-file";

export const IMPORT_SOURCES = [
  "tend",
  "google",
  "outlook",
  "linkedin",
  "vcard",
  "json",
  "generic",
] as const;
export const ImportSourceSchema = z.enum(IMPORT_SOURCES);
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  tend: "Tend export",
  google: "Google Contacts",
  outlook: "Outlook",
  linkedin: "LinkedIn connections",
  vcard: "vCard",
  json: "Tend account export (JSON)",
  generic: "CSV file",
};

// Several columns may feed one list field (email, phone, tags, notes): their values add up; for
// the other fields the first non-empty column wins (Home City, then Business City).
export const IMPORT_FIELDS = [
  "firstName",
  "middleName",
  "lastName",
  "fullName",
  "email",
  "emailLabel",
  "phone",
  "phoneLabel",
  "company",
  "jobTitle",
  "notes",
  "tags",
  "birthday",
  "city",
  "region",
  "country",
  "countryCode",
  "latitude",
  "longitude",
  "preferredMethod",
  "telegramUsername",
  "rhythm",
  "lastContactedAt",
  "nextDueAt",
  "archived",
] as const;
export const ImportFieldSchema = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportFieldSchema>;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: "First name",
  middleName: "Middle name (added to first name)",
  lastName: "Last name",
  fullName: "Full name (used when first and last are empty)",
  email: "Email",
  emailLabel: "Email label",
  phone: "Phone",
  phoneLabel: "Phone label",
  company: "Company",
  jobTitle: "Job title",
  notes: "Notes",
  tags: "Tags",
  birthday: "Birthday",
  city: "City",
  region: "Region",
  country: "Country",
  countryCode: "Country code",
  latitude: "Latitude",
  longitude: "Longitude",
  preferredMethod: "Preferred method",
  telegramUsername: "Telegram username",
  rhythm: "Rhythm",
  lastContactedAt: "Last contacted",
  nextDueAt: "Next due",
  archived: "Archived",
};

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
