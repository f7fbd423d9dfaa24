// vCard 3.0 / 4.0 (and lenient 2.1) → the same table a CSV becomes, so a .vcf goes through the
// same mapping and preview. Handles line folding, escapes, TYPE params, item groups with Apple
// labels, BDAY with or without year, CATEGORIES, ADR, GEO, TZ, and our own X-TEND-* properties.
import { canonicalTimeZone } from "../onboarding";
import { emptyAddress, writeAddressesCell, type PostalAddress } from "../postal-address";
import { NO_TIME_ZONE_CELL, type ImportTable } from "./import-fields";
import { readTelUri } from "../phone-numbers";
import { cleanLabel } from "./parse-values";
import { readRelated, writeRelatedCell, type RelatedRef } from "../relationships";
import { FILE_MESSAGES, IMPORT_MAX_ROWS, ImportFileError, tooManyRowsMessage } from "./read-file";

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
  "Name prefix",
  "Name suffix",
  "Nickname",
  "Emails",
  "Phones",
  "Websites",
  "Company",
  "Job title",
  "Notes",
  "Birthday",
  "Tags",
  "City",
  "Region",
  "Country",
  "Country code",
  "Addresses",
  "Latitude",
  "Longitude",
  "Time zone",
  "Preferred method",
  "Telegram",
  "Rhythm",
  "Last contacted",
  "Next due",
  "Archived",
  "Photo",
  "UID",
  "Related",
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

// Splits on `separator` where it is outside double quotes.
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

// RFC 6868: ^n is a line break, ^' a double quote, ^^ a caret.
function decodeParamValue(value: string): string {
  return value.replace(/\^([n'^])/g, (_, ch: string) =>
    ch === "n" ? "\n" : ch === "'" ? '"' : "^",
  );
}

export function parseProperty(line: string): VcardProperty | null {
  const colon = indexOutsideQuotes(line, ":");
  if (colon <= 0) return null;
  const [nameWithGroup = "", ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ";");
  const dot = nameWithGroup.lastIndexOf(".");
  const params: Record<string, string[]> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf("=");
    // vCard 2.1 writes bare types: TEL;WORK;VOICE:...
    const key = (eq < 0 ? "TYPE" : raw.slice(0, eq)).trim().toUpperCase();
    const values = (eq < 0 ? raw : raw.slice(eq + 1))
      .split(",")
      .map((v) => decodeParamValue(v.trim().replace(/^"|"$/g, "")))
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

// A phone's types name where it is (home, work) and what it is (cell, fax, pager): "work fax".
// A type of any other word (main, iphone, one of the person's own) is the label itself.
const PHONE_TYPE_WORDS = new Set([
  ...IGNORED_TYPES,
  "home",
  "work",
  "cell",
  "mobile",
  "fax",
  "pager",
  "video",
  "textphone",
  "msg",
]);

function phoneLabelOf(property: VcardProperty, labels: Map<string, string>): string | undefined {
  const apple = property.group ? labels.get(property.group) : undefined;
  if (apple !== undefined) return cleanLabel(unescapeValue(apple));
  const types = (property.params.TYPE ?? []).map((t) => t.toLowerCase());
  const own = types.find((t) => !PHONE_TYPE_WORDS.has(t));
  if (own) return cleanLabel(own);
  const place = types.find((t) => t === "home" || t === "work");
  const kind = types.find((t) => ["cell", "mobile", "fax", "pager"].includes(t));
  if (kind === "cell" || kind === "mobile") return place ? `${place} mobile` : "mobile";
  return [place, kind].filter(Boolean).join(" ") || undefined;
}

// A tel: URI (vCard 4.0) gives its number and ";ext=" as one text, "+1-555-0100 x12", that the
// contract splits again; a text value keeps its own "x12" or "ext. 12".
function phoneValueOf(property: VcardProperty): string {
  const text = unescapeValue(property.value).trim();
  if (!/^tel:/i.test(text)) return text;
  const { value, ext } = readTelUri(text);
  return ext ? `${value} x${ext}` : value;
}

// 2.1 and 3.0 carry a photo as base64 with its type in parameters (ENCODING=BASE64 or b,
// TYPE=JPEG); 4.0 as a data: URI. Both become a data: URI; a link stays a link.
export function photoOf(property: VcardProperty): string {
  const value = property.value.trim();
  const encoding = (property.params.ENCODING ?? []).map((e) => e.toLowerCase());
  if (!encoding.some((e) => e === "b" || e === "base64")) return value;
  const type = (property.params.TYPE ?? property.params.MEDIATYPE ?? [])
    .map((t) => t.toLowerCase().replace(/^image\//, ""))
    .find((t) => /^(jpeg|jpg|png|gif|webp)$/.test(t));
  return `data:image/${type === "jpg" ? "jpeg" : (type ?? "jpeg")};base64,${value.replace(/\s+/g, "")}`;
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

function addressOf(property: VcardProperty, labels: Map<string, string>): PostalAddress {
  const [poBox, extended, street, city, region, postalCode, country] = splitUnescaped(
    property.value,
    ";",
  ).map((part) => unescapeValue(part).replace(/\n/g, ", ").trim());
  const address = emptyAddress(labelOf(property, labels));
  address.street = street ?? "";
  address.extended = [poBox, extended].filter(Boolean).join(", ");
  address.city = city ?? "";
  address.region = region ?? "";
  address.postalCode = postalCode ?? "";
  address.country = country ?? "";
  return address;
}

/**
 * A TZ's zone when it is a name the engine knows ("Europe/Lisbon", as 4.0's text or 3.0's
 * VALUE=text); an offset, a URI or an unknown name is no zone, and the card is read without it.
 */
function timeZoneOf(property: VcardProperty): string {
  const type = property.params.VALUE?.[0]?.toLowerCase();
  if (type === "uri" || type === "utc-offset") return "";
  return canonicalTimeZone(unescapeValue(property.value)) ?? "";
}

const isPreferred = (p: VcardProperty) =>
  (p.params.TYPE ?? []).some((t) => /^pref$/i.test(t)) || (p.params.PREF ?? []).length > 0;

/**
 * The card's addresses, and its place: our own export's place-only ADR (X-TEND-PLACE), else
 * the preferred address, else the first. The preferred address (or, without a place-only ADR,
 * the first) is marked as the place.
 */
function fillAddresses(
  cells: Record<Column, string>,
  properties: VcardProperty[],
  labels: Map<string, string>,
) {
  const placeOnly = properties.find((p) => p.params["X-TEND-PLACE"]);
  const postal = properties.filter((p) => p !== placeOnly);
  const addresses = postal.map((p) => addressOf(p, labels));
  const preferred = postal.findIndex(isPreferred);
  const marked = addresses[preferred < 0 && !placeOnly ? 0 : preferred];
  if (marked) marked.isPlace = true;
  const place = placeOnly ? addressOf(placeOnly, labels) : marked;
  if (place && !cells.City && !cells.Region && !cells.Country) {
    cells.City = place.city;
    cells.Region = place.region;
    cells.Country = place.country;
  }
  cells.Addresses = writeAddressesCell(addresses);
}

function cardToCells(card: VcardProperty[]): Record<Column, string> {
  const cells = Object.fromEntries(VCARD_TABLE_HEADERS.map((h) => [h, ""])) as Record<
    Column,
    string
  >;
  const emails: string[] = [];
  const phones: string[] = [];
  const websites: string[] = [];
  const tags: string[] = [];
  const notes: string[] = [];
  const addresses: VcardProperty[] = [];
  const related: RelatedRef[] = [];
  let isNoZoneByHand = false;
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
        const [family = "", given = "", additional = "", prefix = "", suffix = ""] = splitUnescaped(
          p.value,
          ";",
        ).map((part) => unescapeValue(part).replace(/,/g, " ").trim());
        first("First name", [given, additional].filter(Boolean).join(" "));
        first("Last name", family);
        first("Name prefix", prefix);
        first("Name suffix", suffix);
        break;
      }
      case "NICKNAME":
        first("Nickname", unescapeValue(splitUnescaped(p.value, ",")[0] ?? ""));
        break;
      case "EMAIL":
        if (text.trim()) emails.push(labelled(labelOf(p, labels), text.trim()));
        break;
      case "TEL": {
        const number = phoneValueOf(p);
        if (number) phones.push(labelled(phoneLabelOf(p, labels), number));
        break;
      }
      case "URL":
        if (text.trim()) websites.push(labelled(labelOf(p, labels), text.trim()));
        break;
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
      case "ADR":
        addresses.push(p);
        break;
      case "GEO": {
        const [lat = "", lng = ""] = p.value.replace(/^geo:/i, "").split(/[;,]/);
        first("Latitude", lat);
        first("Longitude", lng);
        break;
      }
      case "TZ":
        first("Time zone", timeZoneOf(p));
        break;
      case "X-ABADR":
        // Apple's country code for the address in the same item group.
        if (/^[a-z]{2}$/i.test(text.trim())) first("Country code", text.trim().toUpperCase());
        break;
      case "PHOTO":
        first("Photo", photoOf(p));
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
      case "X-TEND-TIME-ZONE":
        isNoZoneByHand ||= text.trim().toLowerCase() === "none";
        break;
      case "UID":
        first("UID", text);
        break;
      case "RELATED": {
        const ref = readRelated({ params: p.params, value: text });
        if (ref) related.push(ref);
        break;
      }
    }
  }
  fillAddresses(cells, addresses, labels);
  // A zone the card names wins: a client that kept our property may have set one since.
  if (isNoZoneByHand) first("Time zone", NO_TIME_ZONE_CELL);
  cells.Emails = emails.join("; ");
  cells.Phones = phones.join("; ");
  cells.Websites = websites.join("; ");
  cells.Tags = tags.filter(Boolean).join("; ");
  cells.Notes = notes.join("\n\n");
  cells.Related = writeRelatedCell(related);
  return cells;
}

export function parseVcardTable(text: string): ImportTable {
  const cards = parseVcardProperties(text);
  if (cards.length === 0) throw new ImportFileError("EMPTY", FILE_MESSAGES.EMPTY);
  if (cards.length > IMPORT_MAX_ROWS)
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
