// What a row brings, field by field, as the review table shows it: each contact field that has
// a value, under the label the mapping uses, written as our CSV export writes it.
import { CONTACT_FIELDS, listContactFields } from "../contact-fields";
import type { ContactInput } from "../contacts";
import { formatAddress, type PostalAddress } from "../postal-address";
import { cellOf } from "./csv-export";

export type RowDetail = { label: string; value: string };

const FIELDS = listContactFields(CONTACT_FIELDS).filter((field) => field.kind !== "name");
const NOTE_CHARS = 120;
const LIST_KINDS = new Set(["emails", "phones", "websites"]);

// Addresses as an envelope reads them, one a line, not in our CSV cell's own notation.
function describeAddress(address: PostalAddress): string {
  return address.label ? `${address.label}: ${formatAddress(address)}` : formatAddress(address);
}

export function describeRow(contact: ContactInput): RowDetail[] {
  const values = contact as Record<string, unknown>;
  return FIELDS.flatMap((field) => {
    const text =
      field.kind === "addresses"
        ? (values[field.key] as PostalAddress[]).map(describeAddress).join("\n")
        : cellOf(field.kind, values[field.key]);
    if (typeof text !== "string" || !text) return [];
    // One email or phone number a line: a list of them wraps badly on a phone.
    const lines = LIST_KINDS.has(field.kind) ? text.split("; ").join("\n") : text;
    const value = lines.length > NOTE_CHARS ? `${lines.slice(0, NOTE_CHARS)}…` : lines;
    return [{ label: field.importLabel, value }];
  });
}
