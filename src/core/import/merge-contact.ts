// Merging an imported contact into one the user already has. Additive only: nothing the user
// typed is overwritten; empty fields are filled, lists are joined, new notes are appended.
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  cleanTags,
  listContactFields,
  type ContactFieldKey,
} from "../contact-fields";
import type { ContactInput } from "../contacts";
import { ADDRESS_PARTS, type PostalAddress } from "../postal-address";

type Labelled = { label?: string; value: string; ext?: string };

function joinValues(
  base: Labelled[],
  extra: Labelled[],
  same: (a: Labelled, b: Labelled) => boolean,
) {
  const out = [...base];
  for (const e of extra) {
    if (!out.some((o) => same(o, e))) out.push(e);
  }
  return out.slice(0, CONTACT_LIMITS.values);
}

function joinNotes(base: string | null, extra: string | null): string | null {
  if (!extra) return base;
  if (!base) return extra;
  if (base.includes(extra)) return base;
  return `${base}\n\n${extra}`.slice(0, CONTACT_LIMITS.notes);
}

const digitsOf = (v: string) => v.replace(/\D/g, "");
// Emails and web addresses are the same whatever their case.
const sameEmail = (x: Labelled, y: Labelled) => x.value.toLowerCase() === y.value.toLowerCase();
// One switchboard number with two extensions is two phones.
const samePhone = (x: Labelled, y: Labelled) =>
  digitsOf(x.value) === digitsOf(y.value) && (x.ext ?? "") === (y.ext ?? "");

const sameAddress = (x: PostalAddress, y: PostalAddress) =>
  ADDRESS_PARTS.every((part) => x[part].toLowerCase() === y[part].toLowerCase());

// An incoming address is the place only when the contact had no place to keep.
function joinAddresses(base: PostalAddress[], extra: PostalAddress[], hasPlace: boolean) {
  const out = [...base];
  for (const address of extra) {
    if (out.some((o) => sameAddress(o, address))) continue;
    out.push(hasPlace ? { ...address, isPlace: false } : address);
  }
  return out.slice(0, CONTACT_LIMITS.addresses);
}

const FIELDS = listContactFields(CONTACT_FIELDS);
const isSet = (value: unknown) => value !== null && value !== undefined && value !== "";

export function mergeContact(base: ContactInput, incoming: ContactInput): ContactInput {
  const a = base as Record<ContactFieldKey, unknown>;
  const b = incoming as Record<ContactFieldKey, unknown>;
  // A place is taken whole, so a city never ends up paired with another contact's country.
  const hasPlace = FIELDS.some((field) => field.place === "where" && isSet(a[field.key]));
  const merged: Record<string, unknown> = {};
  for (const { key, kind, place } of FIELDS) {
    if (kind === "emails") {
      merged[key] = joinValues(a[key] as Labelled[], b[key] as Labelled[], sameEmail);
    } else if (kind === "websites") {
      merged[key] = joinValues(a[key] as Labelled[], b[key] as Labelled[], sameEmail);
    } else if (kind === "phones") {
      merged[key] = joinValues(a[key] as Labelled[], b[key] as Labelled[], samePhone);
    } else if (kind === "addresses") {
      merged[key] = joinAddresses(
        a[key] as PostalAddress[],
        b[key] as PostalAddress[],
        hasPlace || (a[key] as PostalAddress[]).some((address) => address.isPlace),
      );
    } else if (kind === "notes") {
      merged[key] = joinNotes(a[key] as string | null, b[key] as string | null);
    } else if (kind === "tags") {
      const tags = [...(a[key] as string[]), ...(b[key] as string[])];
      merged[key] = cleanTags(tags).slice(0, CONTACT_LIMITS.tags);
    } else if (place) {
      merged[key] = a[key] ?? (hasPlace ? null : b[key]);
    } else {
      merged[key] = a[key] ?? b[key];
    }
  }
  return merged as ContactInput;
}

/** True when merging would change nothing (the import row adds no information). */
export function isSameContact(a: ContactInput, b: ContactInput): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ContactInput)[]);
  return [...keys].every((k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null));
}
