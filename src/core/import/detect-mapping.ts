// Recognises where a CSV came from by its header row (our export, Google Contacts, Outlook,
// LinkedIn) and proposes which contact field each column feeds. The user can change it.
import type { ColumnMapping, ImportField, ImportSource } from "./import-fields";

// Our own CSV export's columns, in order (csv-export.ts writes them).
export const TEND_CSV_HEADERS = [
  "First name",
  "Last name",
  "Emails",
  "Phones",
  "Company",
  "Job title",
  "Notes",
  "Preferred method",
  "Telegram",
  "City",
  "Region",
  "Country",
  "Country code",
  "Latitude",
  "Longitude",
  "Birthday",
  "Tags",
  "Rhythm",
  "Last contacted",
  "Next due",
  "Archived",
  "Created",
  "ID",
] as const;

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

// Order matters: the first matching rule decides. `null` names columns we know and ignore on
// purpose (Outlook's "Title" is Mr/Ms, not a job title; "E-mail Type" is always SMTP).
const GENERIC_RULES: Rule[] = [
  [/^(first ?name|given ?name|forename)$/, "firstName"],
  [/^(middle ?name|additional ?name)$/, "middleName"],
  [/^(last ?name|family ?name|surname)$/, "lastName"],
  [/^(name|full ?name|display ?name|contact ?name)$/, "fullName"],
  [/^e-?mail( \d+)? - (type|label)$/, "emailLabel"],
  [/^e-?mail( \d+)? (type|display name)$/, null],
  [/^(e-?mails?|e-?mail( \d+)?( address(es)?)?|e-?mail \d+ address|e-?mail \d+ - value)$/, "email"],
  [/^phone( \d+)? - (type|label)$/, "phoneLabel"],
  [/(fax|pager|telex|tty|callback)/, null],
  [
    /^((home|business|mobile|car|other|primary|company main|radio|work) )?(phone|telephone)( \d+)?( - value| number)?$/,
    "phone",
  ],
  [/^(phones|mobile|cell|cell ?phone|tel)$/, "phone"],
  [/^(company|organi[sz]ation( \d+ - name| name)?|employer)$/, "company"],
  [
    /^(job ?title|position|organi[sz]ation( \d+ - title| title)|occupation|role|title)$/,
    "jobTitle",
  ],
  [/^(notes?|comments?|description)$/, "notes"],
  [/^(tags?|labels|group membership|groups?|categories|category)$/, "tags"],
  [/^(birthday|birth ?date|date of birth|dob|bday)$/, "birthday"],
  [/^((home|business|other) )?(city|town|locality)$|^address \d+ - city$/, "city"],
  [/^((home|business|other) )?(state|region|province|county)$|^address \d+ - region$/, "region"],
  [/^country ?code$|^iso country$/, "countryCode"],
  [/^((home|business|other) )?country(\/region)?$|^address \d+ - country$/, "country"],
  [/^(lat|latitude)$/, "latitude"],
  [/^(lng|lon|long|longitude)$/, "longitude"],
  [/^preferred (method|channel|contact method)$/, "preferredMethod"],
  [/^telegram( username)?$/, "telegramUsername"],
  [/^(rhythm|contact rhythm|frequency|cadence)$/, "rhythm"],
  [/^(last contacted|last contact|last contacted at|last interaction)$/, "lastContactedAt"],
  [/^(next due|next due at|next due date)$/, "nextDueAt"],
  [/^archived( at)?$/, "archived"],
];

const SOURCE_RULES: Partial<Record<ImportSource, Rule[]>> = {
  outlook: [[/^title$/, null]],
  // LinkedIn's profile link and connection date go into notes, labelled with their header.
  linkedin: [
    [/^url$/, "notes"],
    [/^connected on$/, "notes"],
  ],
};

function fieldFor(header: string, source: ImportSource): ImportField | null {
  const key = normalizeHeader(header);
  for (const [pattern, field] of [...(SOURCE_RULES[source] ?? []), ...GENERIC_RULES]) {
    if (pattern.test(key)) return field;
  }
  return null;
}

export function detectMapping(headers: string[], source: ImportSource): ColumnMapping {
  return headers.map((h) => fieldFor(h, source));
}

export function isKnownHeader(header: string): boolean {
  const key = normalizeHeader(header);
  if (key === "") return false;
  if (Object.values(SIGNATURES).some((s) => s.includes(key))) return true;
  return GENERIC_RULES.some(([pattern, field]) => field !== null && pattern.test(key));
}
