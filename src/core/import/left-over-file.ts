// The rows an import left for later (past the contact limit), as a file to import elsewhere or
// later: a CSV keeps its own columns, a vCard file its own cards, our JSON export its own shape.
import Papa from "papaparse";
import { decodeImportBytes, detectFileKind } from "./read-file";
import { parseCsvTable } from "./parse-csv";

export type LeftOverFile = { fileName: string; contentType: string; content: string };

// The cards as written, in the order the vCard reader counts them (a BEGIN starts a card again).
function splitCards(text: string): string[] {
  const lines = text.replace(/\r\n|\r/g, "\n").split("\n");
  const cards: string[] = [];
  let start: number | null = null;
  lines.forEach((line, i) => {
    if (/^begin:vcard\s*$/i.test(line)) start = i;
    else if (/^end:vcard\s*$/i.test(line) && start !== null) {
      cards.push(lines.slice(start, i + 1).join("\r\n"));
      start = null;
    }
  });
  return cards;
}

function baseName(fileName: string | null): string {
  // Kept to plain letters, digits and dashes: it travels in a Content-Disposition header.
  const name = (fileName ?? "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${name || "contacts"}-left-for-later`;
}

export function buildLeftOverFile(options: {
  bytes: Uint8Array;
  fileName: string | null;
  /** The rows (cards, contacts) to keep, by the number the preview shows. */
  lines: readonly number[];
}): LeftOverFile {
  const text = decodeImportBytes(options.bytes);
  const wanted = new Set(options.lines);
  const base = baseName(options.fileName);
  const kind = detectFileKind(text);
  if (kind === "vcard") {
    const cards = splitCards(text).filter((_, i) => wanted.has(i + 1));
    return {
      fileName: `${base}.vcf`,
      contentType: "text/vcard; charset=utf-8",
      content: cards.map((card) => `${card}\r\n`).join(""),
    };
  }
  if (kind === "json") {
    const file = JSON.parse(text) as {
      contacts: { id?: unknown }[];
      interactions?: { contactId?: unknown }[];
    };
    const contacts = file.contacts.filter((_, i) => wanted.has(i + 1));
    const ids = new Set(contacts.map((c) => String(c.id)));
    const interactions = (file.interactions ?? []).filter((i) => ids.has(String(i.contactId)));
    return {
      fileName: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      content: JSON.stringify({ ...file, contacts, interactions }),
    };
  }
  const table = parseCsvTable(text);
  const data = table.rows.filter((row) => wanted.has(row.line)).map((row) => row.cells);
  return {
    fileName: `${base}.csv`,
    contentType: "text/csv; charset=utf-8",
    content: `\uFEFF${Papa.unparse({ fields: table.headers, data }, { newline: "\r\n" })}\r\n`,
  };
}
