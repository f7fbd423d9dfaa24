// Contacts → vCard 4.0 (RFC 6350), or 3.0 (RFC 2426) for phones that ask for it: escaped values,
// lines folded at 75 octets, CRLF. Fields vCard has no property for travel as X-TEND-* so a
// re-import into Tend keeps them.
import type { PostalAddress } from "../postal-address";
import { relatedLine } from "../relationships";
import { phoneKind, phonePlace, phoneText, telUri } from "../phone-numbers";
import { describeEffectiveRhythm } from "../group-rhythms";
import { sanitizeText } from "../sanitize";
import type { ExportContact } from "./csv-export";

export type VcardVersion = "3.0" | "4.0";

export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

const encoder = new TextEncoder();

/** Folds a content line so no physical line exceeds 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const max = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > max) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

/**
 * A parameter value (RFC 6350 §3.3): bare when plain, else quoted, with RFC 6868's escapes for
 * `^`, line breaks and `"`; other control characters cannot be written, so they go.
 */
function vcardParamValue(value: string): string {
  const escaped = value
    .replace(/\^/g, "^^")
    .replace(/\r\n|\r|\n/g, "^n")
    .replace(/"/g, "^'")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, "");
  return /^[a-z0-9-]+$/i.test(escaped) ? escaped : `"${escaped}"`;
}

function typeParam(label: string | undefined): string {
  if (!label) return "";
  return `;TYPE=${vcardParamValue(label === "mobile" ? "cell" : label)}`;
}

// A label that is only a kind and a place ("work fax", "Mobile") is written as vCard's own types;
// any other keeps its words as the first type, with the kind's type after it for other readers.
function phoneTypeParam(label: string | undefined): string {
  if (!label) return "";
  const kind = phoneKind(label);
  const place = phonePlace(label);
  const kindType = kind === "mobile" ? "cell" : kind === "fax" || kind === "pager" ? kind : null;
  const standard = [place, kindType].filter((t): t is string => Boolean(t));
  const words = [place, kind === "home" || kind === "work" ? null : kind].filter(Boolean);
  const isStandard = words.join(" ") === label.trim().toLowerCase();
  const types = isStandard ? standard : [label, ...(kindType ? [kindType] : [])];
  return types.length > 0 ? `;TYPE=${types.map(vcardParamValue).join(",")}` : "";
}

// An extension rides in a tel: URI (RFC 6350's own form) when the number is global; a local
// number cannot be a tel: URI, so it is text with a readable " x123" after it.
function telLine(phone: ExportContact["phones"][number]): string {
  const uri = phone.ext ? telUri(phone) : null;
  if (uri) return `TEL;VALUE=uri${phoneTypeParam(phone.label)}:${uri}`;
  return `TEL;VALUE=text${phoneTypeParam(phone.label)}:${escapeVcardText(phoneText(phone))}`;
}

function vcardBirthday(b: NonNullable<ExportContact["birthday"]>): string {
  const mmdd = `${String(b.month).padStart(2, "0")}${String(b.day).padStart(2, "0")}`;
  return b.year === null ? `--${mmdd}` : `${String(b.year).padStart(4, "0")}${mmdd}`;
}

// 3.0's date has no form without a year that iOS and macOS read; they write year 1604 and say
// in X-APPLE-OMIT-YEAR that it stands for none.
function vcard3Birthday(b: NonNullable<ExportContact["birthday"]>): string {
  const mmdd = `${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`;
  return b.year === null
    ? `BDAY;X-APPLE-OMIT-YEAR=1604:1604-${mmdd}`
    : `BDAY;VALUE=date:${String(b.year).padStart(4, "0")}-${mmdd}`;
}

// The zone's IANA name as text. 3.0's TZ is a UTC offset unless VALUE says otherwise; an offset
// would be wrong half the year where clocks change.
function tzLine(zone: string): string {
  return `TZ;VALUE=TEXT:${escapeVcardText(zone)}`;
}

function adrValue(parts: string[]): string {
  return parts.map(escapeVcardText).join(";");
}

// The place-on-the-map address is the preferred one; a place that is not one of the addresses
// is written as an ADR of its own, marked so that Tend reads it back as the place only.
type AdrEntry = { label?: string; isPreferred: boolean; isPlaceOnly: boolean; value: string };

function addressEntries(c: ExportContact): AdrEntry[] {
  const addresses = c.addresses as PostalAddress[];
  const entries: AdrEntry[] = addresses.map((a) => ({
    label: a.label,
    isPreferred: Boolean(a.isPlace),
    isPlaceOnly: false,
    value: adrValue(["", a.extended, a.street, a.city, a.region, a.postalCode, a.country]),
  }));
  const marked = addresses.find((a) => a.isPlace);
  const place = [c.city ?? "", c.region ?? "", c.country ?? ""];
  const isPlaceWritten =
    marked && [marked.city, marked.region, marked.country].join(";") === place.join(";");
  if (place.some(Boolean) && !isPlaceWritten) {
    entries.push({
      isPreferred: false,
      isPlaceOnly: true,
      value: adrValue(["", "", "", place[0]!, place[1]!, "", place[2]!]),
    });
  }
  return entries;
}

function addressLines(c: ExportContact): string[] {
  return addressEntries(c).map((a) =>
    a.isPlaceOnly
      ? `ADR;X-TEND-PLACE=only:${a.value}`
      : `ADR${typeParam(a.label)}${a.isPreferred ? ";PREF=1" : ""}:${a.value}`,
  );
}

function cardLines(
  c: ExportContact,
  uid = `urn:uuid:${c.id}`,
  version: VcardVersion = "4.0",
): string[] {
  const fn = [c.firstName, c.lastName].filter(Boolean).join(" ");
  const lines = [
    "BEGIN:VCARD",
    `VERSION:${version}`,
    `UID:${escapeVcardText(uid)}`,
    `FN:${escapeVcardText(fn)}`,
    `N:${[c.lastName, c.firstName, "", c.namePrefix ?? "", c.nameSuffix ?? ""].map(escapeVcardText).join(";")}`,
  ];
  if (c.nickname) lines.push(`NICKNAME:${escapeVcardText(c.nickname)}`);
  if (version === "3.0") return cardLines3(c, lines);
  for (const e of c.emails) lines.push(`EMAIL${typeParam(e.label)}:${escapeVcardText(e.value)}`);
  for (const p of c.phones) lines.push(telLine(p));
  // A URI value is not escaped as text, but no line break or other control character may reach
  // the card, whatever path the value came by.
  for (const w of c.websites) lines.push(`URL${typeParam(w.label)}:${sanitizeText(w.value)}`);
  if (c.company) lines.push(`ORG:${escapeVcardText(c.company)}`);
  if (c.jobTitle) lines.push(`TITLE:${escapeVcardText(c.jobTitle)}`);
  if (c.birthday) lines.push(`BDAY:${vcardBirthday(c.birthday)}`);
  lines.push(...addressLines(c));
  if (c.latitude !== null && c.longitude !== null)
    lines.push(`GEO:geo:${c.latitude},${c.longitude}`);
  if (c.timeZone) lines.push(tzLine(c.timeZone));
  if (c.tags.length > 0) lines.push(`CATEGORIES:${c.tags.map(escapeVcardText).join(",")}`);
  if (c.notes) lines.push(`NOTE:${escapeVcardText(c.notes)}`);
  if (c.photo) lines.push(`PHOTO:data:${c.photo.mediaType};base64,${c.photo.base64}`);
  lines.push(...tendLines(c), "END:VCARD");
  return lines;
}

function tendLines(c: ExportContact): string[] {
  const lines: string[] = [];
  // RELATED is vCard 4.0's, but 3.0 readers skip it and Tend reads it back either way.
  for (const ref of c.related ?? []) lines.push(relatedLine(ref));
  const extra: [string, string | null][] = [
    ["X-TEND-COUNTRY-CODE", c.countryCode],
    ["X-TEND-PREFERRED-METHOD", c.preferredMethod],
    ["X-TEND-TELEGRAM", c.telegramUsername],
    ["X-TEND-RHYTHM", c.rhythm ? describeEffectiveRhythm(c.rhythm, c.rhythmSource ?? null) : null],
    ["X-TEND-LAST-CONTACTED", c.lastContactedAt],
    ["X-TEND-NEXT-DUE", c.rhythm ? c.nextDueAt : null],
    ["X-TEND-ARCHIVED", c.archivedAt],
    // "None" chosen by hand: TZ can only name a zone, and a card without one means "unknown".
    ["X-TEND-TIME-ZONE", !c.timeZone && c.isTimeZoneSetByHand ? "none" : null],
  ];
  for (const [name, value] of extra) if (value) lines.push(`${name}:${escapeVcardText(value)}`);
  return lines;
}

// vCard 3.0 as iOS and macOS write it: a label that is not one of 3.0's own types (home, work,
// cell, fax, pager) rides in an item group with X-ABLabel, as 3.0 has no quoted free-text
// types; a birthday without a year as Apple's; the photo as base64 with ENCODING=b.
function cardLines3(c: ExportContact, head: string[]): string[] {
  const lines = [...head];
  let items = 0;
  const labelled = (name: string, types: string[], label: string | null, value: string) => {
    const typeParam =
      types.length > 0 ? `;TYPE=${types.map((t) => t.toUpperCase()).join(",")}` : "";
    if (!label) return void lines.push(`${name}${typeParam}:${value}`);
    const group = `item${++items}`;
    lines.push(
      `${group}.${name}${typeParam}:${value}`,
      `${group}.X-ABLabel:${escapeVcardText(label)}`,
    );
  };
  const place = (label: string | undefined) =>
    label === "home" || label === "work" ? label : null;
  for (const e of c.emails) {
    const type = place(e.label);
    labelled(
      "EMAIL",
      ["internet", ...(type ? [type] : [])],
      type ? null : (e.label ?? null),
      escapeVcardText(e.value),
    );
  }
  for (const p of c.phones) {
    const { types, label } = phoneTypes3(p.label);
    labelled("TEL", types, label, escapeVcardText(phoneText(p)));
  }
  for (const w of c.websites) {
    const type = place(w.label);
    labelled("URL", type ? [type] : [], type ? null : (w.label ?? null), sanitizeText(w.value));
  }
  if (c.company) lines.push(`ORG:${escapeVcardText(c.company)}`);
  if (c.jobTitle) lines.push(`TITLE:${escapeVcardText(c.jobTitle)}`);
  if (c.birthday) lines.push(vcard3Birthday(c.birthday));
  for (const a of addressEntries(c)) {
    const type = place(a.label);
    const types = [...(type ? [type] : []), ...(a.isPreferred ? ["pref"] : [])];
    const name = a.isPlaceOnly ? "ADR;X-TEND-PLACE=only" : "ADR";
    labelled(name, types, type ? null : (a.label ?? null), a.value);
  }
  if (c.latitude !== null && c.longitude !== null) lines.push(`GEO:${c.latitude};${c.longitude}`);
  if (c.timeZone) lines.push(tzLine(c.timeZone));
  if (c.tags.length > 0) lines.push(`CATEGORIES:${c.tags.map(escapeVcardText).join(",")}`);
  if (c.notes) lines.push(`NOTE:${escapeVcardText(c.notes)}`);
  if (c.photo) {
    const type = c.photo.mediaType.replace(/^image\//, "").toUpperCase();
    lines.push(`PHOTO;ENCODING=b;TYPE=${type}:${c.photo.base64}`);
  }
  lines.push(...tendLines(c), "END:VCARD");
  return lines;
}

// The phone's 3.0 types, and its own words as an Apple label when they are not only a kind and a
// place ("work fax" is TYPE=WORK,FAX; "Grandma's landline" is a label).
function phoneTypes3(label: string | undefined): { types: string[]; label: string | null } {
  if (!label) return { types: [], label: null };
  const kind = phoneKind(label);
  const place = phonePlace(label);
  const kindType = kind === "mobile" ? "cell" : kind === "fax" || kind === "pager" ? kind : null;
  const words = [place, kind === "home" || kind === "work" ? null : kind].filter(Boolean);
  if (words.join(" ") === label.trim().toLowerCase()) {
    return { types: [place, kindType].filter((t): t is string => Boolean(t)), label: null };
  }
  return { types: kindType ? [kindType] : [], label };
}

export function buildVcards(contacts: readonly ExportContact[]): string {
  return contacts.flatMap((c) => cardLines(c).map(foldLine)).join("\r\n") + "\r\n";
}

/** One card; `uid` is the one a phone gave a card it created (else the contact's id). */
export function buildVcard(
  contact: ExportContact,
  options: { uid?: string | null; version?: VcardVersion } = {},
): string {
  return (
    cardLines(contact, options.uid ?? undefined, options.version)
      .map(foldLine)
      .join("\r\n") + "\r\n"
  );
}
