// Contacts → vCard 4.0 (RFC 6350): escaped values, lines folded at 75 octets, CRLF. Fields vCard
// has no property for travel as X-TEND-* so a re-import into Tend keeps them.
import { describeRhythm } from "../rhythm";
import type { ExportContact } from "./csv-export";

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

function typeParam(label: string | undefined): string {
  if (!label) return "";
  const type = label === "mobile" ? "cell" : label;
  return /^[a-z0-9-]+$/i.test(type) ? `;TYPE=${type}` : `;TYPE="${type.replace(/"/g, "")}"`;
}

function vcardBirthday(b: NonNullable<ExportContact["birthday"]>): string {
  const mmdd = `${String(b.month).padStart(2, "0")}${String(b.day).padStart(2, "0")}`;
  return b.year === null ? `--${mmdd}` : `${String(b.year).padStart(4, "0")}${mmdd}`;
}

function cardLines(c: ExportContact): string[] {
  const fn = [c.firstName, c.lastName].filter(Boolean).join(" ");
  const lines = [
    "BEGIN:VCARD",
    "VERSION:4.0",
    `UID:urn:uuid:${c.id}`,
    `FN:${escapeVcardText(fn)}`,
    `N:${escapeVcardText(c.lastName)};${escapeVcardText(c.firstName)};;;`,
  ];
  for (const e of c.emails) lines.push(`EMAIL${typeParam(e.label)}:${escapeVcardText(e.value)}`);
  for (const p of c.phones)
    lines.push(`TEL;VALUE=text${typeParam(p.label)}:${escapeVcardText(p.value)}`);
  if (c.company) lines.push(`ORG:${escapeVcardText(c.company)}`);
  if (c.jobTitle) lines.push(`TITLE:${escapeVcardText(c.jobTitle)}`);
  if (c.birthday) lines.push(`BDAY:${vcardBirthday(c.birthday)}`);
  if (c.city || c.region || c.country) {
    const parts = ["", "", "", c.city ?? "", c.region ?? "", "", c.country ?? ""];
    lines.push(`ADR:${parts.map(escapeVcardText).join(";")}`);
  }
  if (c.latitude !== null && c.longitude !== null)
    lines.push(`GEO:geo:${c.latitude},${c.longitude}`);
  if (c.tags.length > 0) lines.push(`CATEGORIES:${c.tags.map(escapeVcardText).join(",")}`);
  if (c.notes) lines.push(`NOTE:${escapeVcardText(c.notes)}`);
  const extra: [string, string | null][] = [
    ["X-TEND-COUNTRY-CODE", c.countryCode],
    ["X-TEND-PREFERRED-METHOD", c.preferredMethod],
    ["X-TEND-TELEGRAM", c.telegramUsername],
    ["X-TEND-RHYTHM", c.rhythm ? describeRhythm(c.rhythm) : null],
    ["X-TEND-LAST-CONTACTED", c.lastContactedAt],
    ["X-TEND-NEXT-DUE", c.rhythm ? c.nextDueAt : null],
    ["X-TEND-ARCHIVED", c.archivedAt],
  ];
  for (const [name, value] of extra) if (value) lines.push(`${name}:${escapeVcardText(value)}`);
  lines.push("END:VCARD");
  return lines;
}

export function buildVcards(contacts: readonly ExportContact[]): string {
  return contacts.flatMap((c) => cardLines(c).map(foldLine)).join("\r\n") + "\r\n";
}
