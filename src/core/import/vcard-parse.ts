// vCard 3.0 / 4.0 (and lenient 2.1) → the same table a CSV becomes, so a .vcf goes through the
// same mapping and preview. Handles line folding, escapes, TYPE params, item groups with Apple
// labels, BDAY with or without year, CATEGORIES, ADR, GEO, and our own X-TEND-* properties.
import { CONTACT_LIMIT } from "../constants";
import type { ImportTable } from "./import-fields";
import { cleanLabel } from "./parse-values";
import { FILE_MESSAGES, ImportFileError, tooManyRowsMessage } from "./read-file";

export type VcardProperty = {
  group: string | null;
  name: string;
  params: Record<string, string[]>;
  value: string;
};

export const VCARD_TABLE_HEADERS = [
  "Full name",
  "First name",
  "Last name",
  "Emails",
  "Phones",
  "Company",
  "Job title",
  "Notes",
  "Birthday",
  "Tags",
  "City",
  "Region",
  "Country",
  "Country code",
  "Latitude",
  "Longitude",
  "Preferred method",
  "Telegram",
  "Rhythm",
  "Last contacted",
  "Next due",
  "Archived",
] as const;
type Column = (typeof VCARD_TABLE_HEADERS)[number];

// Splits on `separator` where it is not escaped by a backslash.
export function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === "\\" && i + 1 < value.length) {
      current += ch + value[i + 1];
      i += 1;
    } else if (ch === separator) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

export function unescapeValue(value: string): string {
  return value.replace(/\\([nN,;:\\])/g, (_, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "=" && /^[0-9A-F]{2}$/i.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

// Index of the first `ch` outside double quotes.
function indexOutsideQuotes(text: string, ch: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === ch && !quoted) return i;
  }
  return -1;
}

export function parseProperty(line: string): VcardProperty | null {
  const colon = indexOutsideQuotes(line, ":");
  if (colon <= 0) return null;
  const [nameWithGroup = "", ...rawParams] = splitUnescaped(line.slice(0, colon), ";");
  const dot = nameWithGroup.lastIndexOf(".");
  const params: Record<string, string[]> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf("=");
    // vCard 2.1 writes bare types: TEL;WORK;VOICE:...
    const key = (eq < 0 ? "TYPE" : raw.slice(0, eq)).trim().toUpperCase();
    const values = (eq < 0 ? raw : raw.slice(eq + 1))
      .split(",")
      .map((v) => v.trim().replace(/^"|"$/g, ""))
      .filter(Boolean);
    params[key] = [...(params[key] ?? []), ...values];
  }
  return {
    group: dot > 0 ? nameWithGroup.slice(0, dot).toLowerCase() : null,
    name: (dot > 0 ? nameWithGroup.slice(dot + 1) : nameWithGroup).trim().toUpperCase(),
    params,
    value: line.slice(colon + 1),
  };
}

// Unfolds continuation lines (CRLF followed by a space or tab) and 2.1 quoted-printable soft
// breaks, then returns each card's properties.
export function parseVcardProperties(text: string): VcardProperty[][] {
  const lines = text
    .replace(/\r\n|\r/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  const cards: VcardProperty[][] = [];
  let current: VcardProperty[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (/ENCODING=QUOTED-PRINTABLE/i.test(line.slice(0, indexOutsideQuotes(line, ":") + 1))) {
      // Joined once at the end: re-slicing the growing line at each soft break is quadratic.
      const parts = [line];
      while (parts[parts.length - 1]!.endsWith("=") && i + 1 < lines.length) {
        parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
        parts.push(lines[++i]!);
      }
      line = parts.join("");
    }
    const property = parseProperty(line);
    if (!property) continue;
    if (property.name === "BEGIN" && /^vcard$/i.test(property.value.trim())) current = [];
    else if (property.name === "END" && /^vcard$/i.test(property.value.trim())) {
      if (current) cards.push(current);
      current = null;
    } else if (current) {
      if ((property.params.ENCODING ?? []).some((e) => /quoted-printable/i.test(e)))
        property.value = decodeQuotedPrintable(property.value);
      current.push(property);
    }
  }
  return cards;
}

const IGNORED_TYPES = new Set(["internet", "pref", "voice", "x400", "text"]);

// Apple's X-ABLABEL per item group, looked up once per card (a search per property is quadratic).
function appleLabels(card: VcardProperty[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const p of card) {
    if (p.group && p.name === "X-ABLABEL" && !labels.has(p.group)) labels.set(p.group, p.value);
  }
  return labels;
}

function labelOf(property: VcardProperty, labels: Map<string, string>): string | undefined {
  const apple = property.group ? labels.get(property.group) : undefined;
  if (apple !== undefined) return cleanLabel(unescapeValue(apple));
  const type = (property.params.TYPE ?? [])
    .map((t) => t.toLowerCase())
    .find((t) => !IGNORED_TYPES.has(t));
  if (!type) return undefined;
  return type === "cell" ? "mobile" : type;
}

function labelled(label: string | undefined, value: string): string {
  return label ? `${label}: ${value}` : value;
}

function birthdayText(property: VcardProperty): string {
  const value = property.value.trim();
  const omitYear = property.params["X-APPLE-OMIT-YEAR"]?.[0];
  // Apple stores a birthday without year as year 1604 and says so in a parameter.
  if (omitYear && value.startsWith(omitYear)) {
    const rest = value.slice(omitYear.length).replace(/^-/, "");
    return `--${rest.slice(0, 2)}-${rest.replace(/^\d{2}-?/, "").slice(0, 2)}`;
  }
  return value;
}

function cardToCells(card: VcardProperty[]): Record<Column, string> {
  const cells = Object.fromEntries(VCARD_TABLE_HEADERS.map((h) => [h, ""])) as Record<
    Column,
    string
  >;
  const emails: string[] = [];
  const phones: string[] = [];
  const tags: string[] = [];
  const notes: string[] = [];
  const labels = appleLabels(card);
  const first = (column: Column, value: string) => {
    if (!cells[column]) cells[column] = value.trim();
  };
  for (const p of card) {
    const text = unescapeValue(p.value);
    switch (p.name) {
      case "FN":
        first("Full name", text);
        break;
      case "N": {
        const [family = "", given = "", additional = ""] = splitUnescaped(p.value, ";").map(
          (part) => unescapeValue(part).replace(/,/g, " ").trim(),
        );
        first("First name", [given, additional].filter(Boolean).join(" "));
        first("Last name", family);
        break;
      }
      case "EMAIL":
        if (text.trim()) emails.push(labelled(labelOf(p, labels), text.trim()));
        break;
      case "TEL": {
        const number = text.trim().replace(/^tel:/i, "");
        if (number) phones.push(labelled(labelOf(p, labels), number));
        break;
      }
      case "ORG":
        first("Company", unescapeValue(splitUnescaped(p.value, ";")[0] ?? ""));
        break;
      case "TITLE":
        first("Job title", text);
        break;
      case "NOTE":
        if (text.trim()) notes.push(text.trim());
        break;
      case "BDAY":
        first("Birthday", birthdayText(p));
        break;
      case "CATEGORIES":
        tags.push(...splitUnescaped(p.value, ",").map((t) => unescapeValue(t).trim()));
        break;
      case "ADR": {
        const parts = splitUnescaped(p.value, ";").map((part) => unescapeValue(part).trim());
        if (!cells.City && !cells.Region && !cells.Country) {
          cells.City = parts[3] ?? "";
          cells.Region = parts[4] ?? "";
          cells.Country = parts[6] ?? "";
        }
        break;
      }
      case "GEO": {
        const [lat = "", lng = ""] = p.value.replace(/^geo:/i, "").split(/[;,]/);
        first("Latitude", lat);
        first("Longitude", lng);
        break;
      }
      case "X-ABADR":
        // Apple's country code for the address in the same item group.
        if (/^[a-z]{2}$/i.test(text.trim())) first("Country code", text.trim().toUpperCase());
        break;
      case "X-TEND-PREFERRED-METHOD":
        first("Preferred method", text);
        break;
      case "X-TEND-TELEGRAM":
        first("Telegram", text);
        break;
      case "X-TEND-COUNTRY-CODE":
        first("Country code", text);
        break;
      case "X-TEND-RHYTHM":
        first("Rhythm", text);
        break;
      case "X-TEND-LAST-CONTACTED":
        first("Last contacted", text);
        break;
      case "X-TEND-NEXT-DUE":
        first("Next due", text);
        break;
      case "X-TEND-ARCHIVED":
        first("Archived", text);
        break;
    }
  }
  cells.Emails = emails.join("; ");
  cells.Phones = phones.join("; ");
  cells.Tags = tags.filter(Boolean).join("; ");
  cells.Notes = notes.join("\n\n");
  return cells;
}

export function parseVcardTable(text: string): ImportTable {
  const cards = parseVcardProperties(text);
  if (cards.length === 0) throw new ImportFileError("EMPTY", FILE_MESSAGES.EMPTY);
  if (cards.length > CONTACT_LIMIT)
    throw new ImportFileError("TOO_MANY_ROWS", tooManyRowsMessage(cards.length));
  return {
    headers: [...VCARD_TABLE_HEADERS],
    unit: "card",
    rows: cards.map((card, i) => {
      const cells = cardToCells(card);
      return { line: i + 1, cells: VCARD_TABLE_HEADERS.map((h) => cells[h]) };
    }),
  };
}
