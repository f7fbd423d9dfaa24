// Recognises where a CSV came from by its header row (our export, Google Contacts, Outlook,
// LinkedIn) and proposes which contact field each column feeds. The user can change it.
import { CONTACT_FIELDS, listContactFields, type ContactFieldDefinitions } from "../contact-fields";
import { addressColumnOf, type AddressColumnPart } from "../postal-address";
import type { ColumnMapping, ImportField, ImportSource } from "./import-fields";

export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");
}

// Each source is recognised by headers only it writes; the best score (at least 2) wins.
const SIGNATURES: Record<Exclude<ImportSource, "vcard" | "json" | "generic">, string[]> = {
  tend: ["emails", "phones", "preferred method", "rhythm", "last contacted", "next due"],
  google: [
    "given name",
    "family name",
    "group membership",
    "labels",
    "e-mail 1 - value",
    "phone 1 - value",
    "organization 1 - name",
    "organization name",
    "address 1 - city",
  ],
  outlook: [
    "e-mail address",
    "e-mail 2 address",
    "mobile phone",
    "business phone",
    "home phone",
    "business city",
    "home city",
    "categories",
  ],
  linkedin: ["url", "email address", "position", "connected on"],
};

export function detectSource(headers: string[]): ImportSource {
  const normalized = new Set(headers.map(normalizeHeader));
  let best: ImportSource = "generic";
  let bestScore = 1;
  for (const [source, signature] of Object.entries(SIGNATURES)) {
    const score = signature.filter((h) => normalized.has(h)).length;
    if (score > bestScore) {
      best = source as ImportSource;
      bestScore = score;
    }
  }
  return best;
}

type Rule = [RegExp, ImportField | null];

function exactly(header: string): RegExp {
  return new RegExp(`^${normalizeHeader(header).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
}

// The first matching rule decides. `null` names columns we know and ignore on purpose ("E-mail
// Type" is always SMTP; telex, TTY and callback numbers are not a person's phones). Outlook's fax
// and pager columns are phones, their kind read from the header.
const HELPER_RULES: Rule[] = [
  [/^(middle ?name|additional ?name)$/, "middleName"],
  [/^(name|full ?name|display ?name|contact ?name)$/, "fullName"],
  [/^e-?mail( \d+)? - (type|label)$/, "emailLabel"],
  [/^e-?mail( \d+)? (type|display name)$/, null],
  [/^phone( \d+)? - (type|label)$/, "phoneLabel"],
  [/^website( \d+)? - (type|label)$/, "websiteLabel"],
  [/^(photo|picture|photo url)$/, "photo"],
  [/^((home|business|other) )?fax$|^pager$/, "phone"],
  [/(fax|pager|telex|tty|callback)/, null],
];
const STATE_RULES: Rule[] = [
  [/^(last contacted|last contact|last contacted at|last interaction)$/, "lastContactedAt"],
  [/^(next due|next due at|next due date)$/, "nextDueAt"],
  [/^archived( at)?$/, "archived"],
  [/^(uid|card uid)$/, "uid"],
  [/^(related|related people|relationships)$/, "related"],
];

/** Header rules for a set of contact fields: each field's own header names and its CSV header. */
export function headerRulesFor(fields: ContactFieldDefinitions): Rule[] {
  const fieldRules = listContactFields(fields).flatMap((field): Rule[] => {
    const target = field.importTarget as ImportField;
    const own: Rule = [exactly(field.csvHeader), target];
    return field.headers ? [[field.headers, target], own] : [own];
  });
  return [...HELPER_RULES, ...fieldRules, ...STATE_RULES];
}

const GENERIC_RULES = headerRulesFor(CONTACT_FIELDS);

const SOURCE_RULES: Partial<Record<ImportSource, Rule[]>> = {
  // Our export's ID is what its Related column names a namesake by.
  tend: [[/^id$/, "uid"]],
  // Outlook's Title is Mr, Ms, Dr: a name prefix, not a job.
  outlook: [[/^title$/, "namePrefix"]],
  // LinkedIn's profile link and connection date go into notes, labelled with their header.
  linkedin: [
    [/^url$/, "notes"],
    [/^connected on$/, "notes"],
  ],
};

const ADDRESS_TARGETS: Record<AddressColumnPart, ImportField> = {
  street: "addressStreet",
  extended: "addressExtended",
  city: "addressCity",
  region: "addressRegion",
  postalCode: "addressPostalCode",
  country: "addressCountry",
  label: "addressLabel",
};

function fieldFor(header: string, source: ImportSource, rules: Rule[]): ImportField | null {
  const key = normalizeHeader(header);
  if (/^address \d+ - formatted$/.test(key)) return null;
  for (const [pattern, field] of [...(SOURCE_RULES[source] ?? []), ...rules]) {
    if (pattern.test(key)) return field;
  }
  const address = addressColumnOf(key);
  return address ? ADDRESS_TARGETS[address.part] : null;
}

export function detectMapping(
  headers: string[],
  source: ImportSource,
  rules: Rule[] = GENERIC_RULES,
): ColumnMapping {
  return headers.map((h) => fieldFor(h, source, rules));
}

export function isKnownHeader(header: string): boolean {
  const key = normalizeHeader(header);
  if (key === "") return false;
  if (Object.values(SIGNATURES).some((s) => s.includes(key))) return true;
  if (addressColumnOf(key)) return true;
  return GENERIC_RULES.some(([pattern, field]) => field !== null && pattern.test(key));
}
