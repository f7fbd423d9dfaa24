// Contacts → CSV with every field, safe to open in a spreadsheet: no cell starts with a formula
// character (OWASP CSV injection guidance: = + - @ tab CR get a leading single quote).
import Papa from "papaparse";
import { CONTACT_METHOD_LABELS, type Contact } from "../contacts";
import { describeRhythm } from "../rhythm";
import { TEND_CSV_HEADERS } from "./detect-mapping";
import { formatBirthday } from "./parse-values";

// A value that already starts with quotes before a formula character ('=1) is escaped too, so
// that reading our own export back can always strip exactly one quote and get the value typed.
const NEEDS_ESCAPE = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

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

export type ExportContact = Pick<
  Contact,
  | "id"
  | "firstName"
  | "lastName"
  | "emails"
  | "phones"
  | "company"
  | "jobTitle"
  | "notes"
  | "preferredMethod"
  | "telegramUsername"
  | "city"
  | "region"
  | "country"
  | "countryCode"
  | "latitude"
  | "longitude"
  | "birthday"
  | "tags"
  | "rhythm"
  | "lastContactedAt"
  | "nextDueAt"
  | "archivedAt"
  | "createdAt"
>;

function joinLabelled(list: readonly { label?: string; value: string }[]): string {
  return list.map((e) => (e.label ? `${e.label}: ${e.value}` : e.value)).join("; ");
}

function contactCells(c: ExportContact): Record<(typeof TEND_CSV_HEADERS)[number], string> {
  return {
    "First name": c.firstName,
    "Last name": c.lastName,
    Emails: joinLabelled(c.emails),
    Phones: joinLabelled(c.phones),
    Company: c.company ?? "",
    "Job title": c.jobTitle ?? "",
    Notes: c.notes ?? "",
    "Preferred method": c.preferredMethod ? CONTACT_METHOD_LABELS[c.preferredMethod] : "",
    Telegram: c.telegramUsername ?? "",
    City: c.city ?? "",
    Region: c.region ?? "",
    Country: c.country ?? "",
    "Country code": c.countryCode ?? "",
    Latitude: c.latitude === null ? "" : String(c.latitude),
    Longitude: c.longitude === null ? "" : String(c.longitude),
    Birthday: c.birthday ? formatBirthday(c.birthday) : "",
    Tags: c.tags.join("; "),
    Rhythm: c.rhythm ? describeRhythm(c.rhythm) : "",
    "Last contacted": c.lastContactedAt ?? "",
    "Next due": c.rhythm ? (c.nextDueAt ?? "") : "",
    Archived: c.archivedAt ?? "",
    Created: c.createdAt,
    ID: c.id,
  };
}

export function buildContactsCsv(contacts: readonly ExportContact[]): string {
  const rows = contacts.map((c) => {
    const cells = contactCells(c);
    return TEND_CSV_HEADERS.map((h) => escapeFormula(cells[h]));
  });
  // A BOM so Excel reads the file as UTF-8; CRLF as RFC 4180 asks.
  return `\uFEFF${Papa.unparse({ fields: [...TEND_CSV_HEADERS], data: rows }, { newline: "\r\n" })}\r\n`;
}
