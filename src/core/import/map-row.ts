// One table row + the column mapping → a contact that passed the same contract as the contact
// form (ContactInputSchema), or the reasons it did not, each in words a person can fix.
import {
  CONTACT_FIELDS,
  EmailEntrySchema,
  listContactFields,
  PhoneEntrySchema,
  type ContactFieldKind,
  type ContactMethod,
} from "../contact-fields";
import { CONTACT_LIMITS } from "../contact-limits";
import { ContactInputSchema, NAME_REQUIRED, type ContactInput } from "../contacts";
import { readRelatedCell, type RelatedRef } from "../relationships";
import { sanitizeText } from "../sanitize";
import { splitRhythmSource, tagKey, type GroupRhythm } from "../group-rhythms";
import {
  NO_TIME_ZONE_CELL,
  type ColumnMapping,
  type ImportField,
  type ImportTableRow,
} from "./import-fields";
import { addressesFrom, linkPlace } from "./map-addresses";
import { normalizeHeader } from "./detect-mapping";
import { readPhotoCell } from "./photo-cell";
import {
  cleanLabel,
  parseArchived,
  parseBirthday,
  parseInstant,
  parseLabelled,
  parseRhythmText,
  parseTags,
  splitList,
} from "./parse-values";

export type RowError = {
  field: ImportField | null;
  message: string;
  /** A note that the name was taken from something else: nothing is left out. */
  isStandInName?: boolean;
};

/** What an import carries beyond the contact form: history and state from another app. */
export type ImportExtras = {
  lastContactedAt: string | null;
  nextDueAt: string | null;
  archivedAt: string | null;
  /** A photo the row carries (base64 of an image that passed the first checks). */
  photo?: string;
  /** Where the import stored that photo, once re-encoded (set on the server before it writes). */
  photoKey?: string;
  /** Only a Tend JSON export carries these: the full history and original timestamps. */
  rhythmSetAt?: string | null;
  /** The group (tag) whose rhythm the contact followed where it was exported, and that rhythm. */
  groupRhythm?: GroupRhythm;
  createdAt?: string | null;
  interactions?: ImportedInteraction[];
  /** The row's own id in its file (a card's UID), which other rows' links may name. */
  sourceUid?: string;
  /** Links to other people, by a UID in the same file or by name. */
  related?: RelatedRef[];
};

export type ImportedInteraction = {
  occurredAt: string;
  channel: ContactMethod;
  note: string | null;
  /** A file's "last contacted" date: only the day is known. */
  isDateOnly?: boolean;
};

export type MappedRow = {
  line: number;
  contact: ContactInput | null;
  extras: ImportExtras;
  /** Why the row cannot be imported: only when nothing in it identifies a person. */
  errors: RowError[];
  /** Values left out of an imported row, and a name taken from something other than a name. */
  warnings: RowError[];
  /** A name to show for the row even when it is invalid. */
  displayName: string;
};

export type Cell = { header: string; value: string; column: number };

function collect(
  headers: string[],
  mapping: ColumnMapping,
  cells: string[],
): Map<ImportField, Cell[]> {
  const byField = new Map<ImportField, Cell[]>();
  mapping.forEach((field, column) => {
    if (!field) return;
    const value = (cells[column] ?? "").trim();
    const list = byField.get(field) ?? [];
    // Keep empty cells for the label pairing (the k-th label column labels the k-th email).
    list.push({ header: headers[column] ?? "", value, column });
    byField.set(field, list);
  });
  return byField;
}

function first(cells: Cell[] | undefined): string {
  return cells?.find((c) => c.value !== "")?.value ?? "";
}

function splitFullName(full: string): { firstName: string; lastName: string } {
  const parts = sanitizeText(full).split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? "", lastName: "" };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts.at(-1)! };
}

// Outlook names the kind in the header: "Mobile Phone", "Business Phone", "Home Phone 2",
// "Business Fax", "Pager".
function labelFromHeader(header: string): string | undefined {
  const text = header.trim().toLowerCase();
  if (/^pager$/.test(text)) return "pager";
  const fax = /^(?:(home|business|other) )?fax$/.exec(text);
  if (fax) return fax[1] === "home" ? "home fax" : fax[1] === "business" ? "work fax" : "fax";
  const word = /^(home|business|work|mobile|other|car|primary)\b/.exec(text)?.[1];
  if (!word) return undefined;
  return word === "business" ? "work" : word;
}

// "+1 555 0100, ext. 12" splits at the comma: an item that is only an extension belongs to the
// number before it.
function joinExtensions(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (out.length > 0 && /^(ext(ension)?\.?|x)\s*\d{1,10}$/i.test(item))
      out[out.length - 1] += ` ${item}`;
    else out.push(item);
  }
  return out;
}

function labelledValues(
  values: Cell[] | undefined,
  labels: Cell[] | undefined,
  kind: ContactFieldKind,
) {
  return (values ?? []).flatMap((cell, k) => {
    const columnLabel = cleanLabel(labels?.[k]?.value ?? "") ?? labelFromHeader(cell.header);
    const items = splitList(cell.value);
    return (kind === "phones" ? joinExtensions(items) : items).map((item) => {
      const entry = parseLabelled(item);
      const label = entry.label ?? columnLabel;
      return label ? { label, value: entry.value } : { value: entry.value };
    });
  });
}

const NOTE_HEADERS = new Set(["notes", "note", "comments", "comment", "description"]);

function notesFrom(cells: Cell[] | undefined): string {
  return (cells ?? [])
    .filter((c) => c.value !== "")
    .map((c) => (NOTE_HEADERS.has(normalizeHeader(c.header)) ? c.value : `${c.header}: ${c.value}`))
    .join("\n");
}

const METHOD_WORDS: Record<string, ContactMethod> = {
  email: "email",
  mail: "email",
  phone: "phone",
  phonecall: "phone",
  call: "phone",
  text: "text",
  sms: "text",
  textmessage: "text",
  whatsapp: "whatsapp",
  telegram: "telegram",
  inperson: "in_person",
  other: "other",
};

const FIELDS = listContactFields(CONTACT_FIELDS);

// A contact field's key (an issue's path) → the import target that fed it.
const PATH_FIELDS = Object.fromEntries(
  FIELDS.map((field) => [field.key, field.importTarget as ImportField]),
) as Record<string, ImportField>;

type Input = Record<string, unknown>;

export function mapRow(options: {
  headers: string[];
  mapping: ColumnMapping;
  row: ImportTableRow;
  now: Date;
}): MappedRow {
  const { headers, mapping, row, now } = options;
  const f = collect(headers, mapping, row.cells);
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const unreadable = (field: ImportField, text: string, hint: string) =>
    warnings.push({ field, message: `"${text}" ${hint} Left out.` });

  const birthdayHint = "isn't a birthday we can read. Use 1985-04-12, or --04-12 without the year.";
  const methodHint =
    "isn't a way to get in touch we know. Use email, phone call, text, WhatsApp, Telegram, in person or other.";
  const rhythmHint =
    'isn\'t a rhythm we can read. Use Weekly, Every 2 weeks, Monthly, Quarterly, Twice a year, Yearly or "Every 10 days".';
  let pendingGroup: GroupRhythm | undefined;
  /** A field's value from its columns, by the field's kind; unreadable text is left out. */
  const read = (kind: ContactFieldKind, target: ImportField): unknown => {
    const cells = f.get(target);
    switch (kind) {
      case "emails":
      case "phones":
      case "websites":
        return labelledValues(cells, f.get(`${target}Label` as ImportField), kind);
      case "addresses":
        return addressesFrom(cells, f);
      case "notes":
        return notesFrom(cells);
      case "tags":
        return (cells ?? []).flatMap((c) => parseTags(c.value));
      case "birthday": {
        const birthday = parseBirthday(first(cells));
        if (birthday === undefined) unreadable(target, first(cells), birthdayHint);
        return birthday ?? null;
      }
      case "method": {
        const text = first(cells);
        const method = METHOD_WORDS[text.toLowerCase().replace(/[\s_-]+/g, "")];
        if (text && !method) unreadable(target, text, methodHint);
        return method ?? null;
      }
      case "rhythm": {
        const rhythm = parseRhythmText(first(cells));
        if (rhythm !== undefined) return rhythm;
        // "Every 2 weeks (Close friends)": a group's rhythm, read once the tags are.
        const followed = splitRhythmSource(first(cells));
        const groupRhythm = followed.tag ? parseRhythmText(followed.rhythm) : undefined;
        if (groupRhythm) {
          pendingGroup = { tag: followed.tag!, rhythm: groupRhythm };
          return null;
        }
        unreadable(target, first(cells), rhythmHint);
        return null;
      }
      default:
        return first(cells);
    }
  };
  const input: Input = {};
  for (const field of FIELDS) {
    input[field.key] = read(field.kind, field.importTarget as ImportField);
  }
  if (String(input.timeZone).toLowerCase() === NO_TIME_ZONE_CELL.toLowerCase()) {
    input.timeZone = null;
    input.isTimeZoneSetByHand = true;
  }
  let firstName = [input.firstName as string, first(f.get("middleName"))].filter(Boolean).join(" ");
  let lastName = input.lastName as string;
  if (!firstName && !lastName) ({ firstName, lastName } = splitFullName(first(f.get("fullName"))));
  if (!firstName && !lastName) {
    const stand = standInName(f, input);
    if (stand) {
      // A company may be longer than a name may be: the name keeps what fits.
      firstName = stand.name.slice(0, CONTACT_LIMITS.name);
      warnings.push({ field: stand.field, message: stand.message, isStandInName: true });
    }
  }
  input.firstName = firstName;
  input.lastName = lastName;
  linkPlace(input);
  keepWhatFits(input, warnings);

  const instant = (field: "lastContactedAt" | "nextDueAt") => {
    const text = first(f.get(field));
    const date = parseInstant(text);
    if (date === undefined) unreadable(field, text, "isn't a date we can read. Use 2024-03-31.");
    if (field === "lastContactedAt" && date && date.getTime() > now.getTime()) {
      warnings.push({ field, message: "The last contact date is in the future. Left out." });
      return null;
    }
    return date ? date.toISOString() : null;
  };
  const archivedText = first(f.get("archived"));
  const archived = parseArchived(archivedText, now);
  if (archived === undefined) unreadable("archived", archivedText, "isn't yes, no or a date.");
  const extras: ImportExtras = {
    lastContactedAt: instant("lastContactedAt"),
    nextDueAt: instant("nextDueAt"),
    archivedAt: archived ? archived.toISOString() : null,
  };
  // A group's rhythm is the contact's only while it carries the tag; otherwise it is its own.
  if (pendingGroup) {
    const tags = (input.tags as string[] | undefined) ?? [];
    if (tags.some((t) => tagKey(t) === tagKey(pendingGroup!.tag)))
      extras.groupRhythm = pendingGroup;
    else input.rhythm = pendingGroup.rhythm;
  }
  const sourceUid = first(f.get("uid"));
  if (sourceUid) extras.sourceUid = sourceUid;
  const related = readRelatedCell(first(f.get("related")));
  if (related.length > 0) extras.related = related;
  const photo = readPhotoCell(first(f.get("photo")));
  if (photo && "base64" in photo) extras.photo = photo.base64;
  else if (photo) warnings.push({ field: "photo", message: `${photo.leftOut} Left out.` });

  const parsed = parseLeavingOut(input, warnings);
  if (!parsed.success) {
    const missing = parsed.error.issues.find((issue) => issue.message === NAME_REQUIRED);
    errors.push({
      field: missing ? "firstName" : null,
      message: missing
        ? "Nothing here names a person: no name, nickname, company, email or phone."
        : (parsed.error.issues[0]?.message ?? "This row cannot be read."),
    });
  }
  const displayName =
    [firstName, lastName].filter(Boolean).join(" ") ||
    first(f.get("email")) ||
    first(f.get("company")) ||
    "(no name)";
  return {
    line: row.line,
    contact: parsed.success ? parsed.data : null,
    extras,
    errors,
    warnings,
    displayName: sanitizeText(displayName).slice(0, 120),
  };
}

const EMPTY_BY_KIND: Partial<Record<ContactFieldKind, unknown>> = {
  name: "",
  emails: [],
  phones: [],
  websites: [],
  addresses: [],
  tags: [],
};

// A field that fails the contact's contract is left out of the row, and the rest of the person
// is imported: a list loses the one bad entry, any other field its value.
const LIST_CAPS = [
  ["emails", CONTACT_LIMITS.values, "email addresses"],
  ["phones", CONTACT_LIMITS.values, "phone numbers"],
  ["websites", CONTACT_LIMITS.values, "websites"],
  ["addresses", CONTACT_LIMITS.addresses, "addresses"],
] as const;

// A list longer than a contact holds keeps its first entries (and the address that is the
// place) and names what it leaves out; refused whole, the list would lose every entry.
function keepWhatFits(input: Input, warnings: RowError[]) {
  for (const [key, cap, words] of LIST_CAPS) {
    const list = input[key];
    if (!Array.isArray(list) || list.length <= cap) continue;
    const isPlace = (entry: unknown) => (entry as { isPlace?: boolean }).isPlace === true;
    const room = cap - (list.some(isPlace) ? 1 : 0);
    let others = 0;
    input[key] = list.filter((entry) => isPlace(entry) || others++ < room);
    warnings.push({
      field: PATH_FIELDS[key] ?? null,
      message: `${list.length - cap} more ${words}: a contact holds at most ${cap}. Left out.`,
    });
  }
}

function parseLeavingOut(input: Input, warnings: RowError[]) {
  let parsed = ContactInputSchema.safeParse(input);
  for (let round = 0; round < 5 && !parsed.success; round++) {
    const badEntries = new Map<string, Set<number>>();
    let leftOut = false;
    for (const issue of parsed.error.issues) {
      if (issue.message === NAME_REQUIRED) continue;
      const [key, index] = issue.path;
      const definition = FIELDS.find((field) => field.key === String(key));
      if (!definition) continue;
      const value = input[definition.key];
      let shown: unknown = value;
      if (Array.isArray(value) && typeof index === "number") {
        if (badEntries.get(definition.key)?.has(index)) continue;
        badEntries.set(definition.key, (badEntries.get(definition.key) ?? new Set()).add(index));
        shown = (value[index] as { value?: string } | undefined)?.value;
      } else {
        input[definition.key] = EMPTY_BY_KIND[definition.kind] ?? null;
      }
      leftOut = true;
      const what = typeof shown === "string" && shown ? ` "${shown.slice(0, 80)}"` : "";
      warnings.push({
        field: PATH_FIELDS[definition.key] ?? null,
        message: `${definition.importLabel}${what}: ${issue.message}. Left out.`,
      });
    }
    for (const [key, indexes] of badEntries) {
      input[key] = (input[key] as unknown[]).filter((_, i) => !indexes.has(i));
    }
    if (!leftOut) break;
    parsed = ContactInputSchema.safeParse(input);
  }
  return parsed;
}

// With no first, last or full name, the person is named by what the row does have.
function standInName(
  f: Map<ImportField, Cell[]>,
  input: Input,
): { name: string; field: ImportField; message: string } | null {
  const nickname = first(f.get("nickname"));
  if (nickname) {
    return { name: nickname, field: "nickname", message: "No name: named by the nickname." };
  }
  const company = first(f.get("company"));
  if (company) {
    return { name: company, field: "company", message: "No name: named by the company." };
  }
  const emails = (input.emails as { value: string }[] | undefined) ?? [];
  const email = emails.find((e) => EmailEntrySchema.safeParse(e).success);
  const local = email?.value.split("@")[0]?.trim();
  if (local) {
    return {
      name: local,
      field: "email",
      message: `No name: named "${local}" from the email address. Edit it after the import.`,
    };
  }
  const phones = (input.phones as { value: string }[] | undefined) ?? [];
  const phone = phones.find((p) => p.value && PhoneEntrySchema.safeParse(p).success);
  if (phone) {
    return {
      name: phone.value,
      field: "phone",
      message: "No name: named by the phone number. Edit it after the import.",
    };
  }
  return null;
}
