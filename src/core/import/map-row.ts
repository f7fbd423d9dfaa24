// One table row + the column mapping → a contact that passed the same contract as the contact
// form (ContactInputSchema), or the reasons it did not, each in words a person can fix.
import {
  CONTACT_FIELDS,
  listContactFields,
  type ContactFieldKind,
  type ContactMethod,
} from "../contact-fields";
import { ContactInputSchema, type ContactInput } from "../contacts";
import { sanitizeText } from "../sanitize";
import type { ColumnMapping, ImportField, ImportTableRow } from "./import-fields";
import { normalizeHeader } from "./detect-mapping";
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

export type RowError = { field: ImportField | null; message: string };

/** What an import carries beyond the contact form: history and state from another app. */
export type ImportExtras = {
  lastContactedAt: string | null;
  nextDueAt: string | null;
  archivedAt: string | null;
  /** Only a Tend JSON export carries these: the full history and original timestamps. */
  rhythmSetAt?: string | null;
  createdAt?: string | null;
  interactions?: ImportedInteraction[];
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
  errors: RowError[];
  /** A name to show for the row even when it is invalid. */
  displayName: string;
};

type Cell = { header: string; value: string; column: number };

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

// Outlook names the kind in the header: "Mobile Phone", "Business Phone", "Home Phone 2".
function labelFromHeader(header: string): string | undefined {
  const word = /^(home|business|work|mobile|other|car|primary)\b/i.exec(header.trim())?.[1];
  if (!word) return undefined;
  return word.toLowerCase() === "business" ? "work" : word.toLowerCase();
}

function labelledValues(values: Cell[] | undefined, labels: Cell[] | undefined) {
  return (values ?? []).flatMap((cell, k) => {
    const columnLabel = cleanLabel(labels?.[k]?.value ?? "") ?? labelFromHeader(cell.header);
    return splitList(cell.value).map((item) => {
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
  const unreadable = (field: ImportField, text: string, hint: string) =>
    errors.push({ field, message: `"${text}" ${hint}` });

  const birthdayHint = "isn't a birthday we can read. Use 1985-04-12, or --04-12 without the year.";
  const methodHint =
    "isn't a way to get in touch we know. Use email, phone call, text, WhatsApp, Telegram, in person or other.";
  const rhythmHint =
    'isn\'t a rhythm we can read. Use Weekly, Every 2 weeks, Monthly, Quarterly, Twice a year, Yearly or "Every 10 days".';
  /** A field's value from its columns, by the field's kind; unreadable text is an error. */
  const read = (kind: ContactFieldKind, target: ImportField): unknown => {
    const cells = f.get(target);
    switch (kind) {
      case "emails":
      case "phones":
        return labelledValues(cells, f.get(`${target}Label` as ImportField));
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
        if (rhythm === undefined) unreadable(target, first(cells), rhythmHint);
        return rhythm ?? null;
      }
      default:
        return first(cells);
    }
  };
  const input: Input = {};
  for (const field of FIELDS) {
    input[field.key] = read(field.kind, field.importTarget as ImportField);
  }
  let firstName = [input.firstName as string, first(f.get("middleName"))].filter(Boolean).join(" ");
  let lastName = input.lastName as string;
  if (!firstName && !lastName) ({ firstName, lastName } = splitFullName(first(f.get("fullName"))));
  input.firstName = firstName;
  input.lastName = lastName;

  const instant = (field: "lastContactedAt" | "nextDueAt") => {
    const text = first(f.get(field));
    const date = parseInstant(text);
    if (date === undefined) unreadable(field, text, "isn't a date we can read. Use 2024-03-31.");
    if (field === "lastContactedAt" && date && date.getTime() > now.getTime())
      errors.push({ field, message: "The last contact date is in the future." });
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

  const parsed = ContactInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [key, index] = issue.path;
      const field = PATH_FIELDS[String(key)] ?? null;
      // Our own checks above already explained a bad birthday or rhythm.
      if (errors.some((e) => e.field === field)) continue;
      const list = input[String(key)];
      const value =
        Array.isArray(list) && typeof index === "number"
          ? (list[index] as { value?: string } | undefined)?.value
          : undefined;
      const message =
        key === "firstName" && issue.message === "Enter a first or last name"
          ? "No name: every contact needs a first or last name (map a name column, or fill it in)."
          : value
            ? `"${value}": ${issue.message}`
            : issue.message;
      errors.push({ field, message });
    }
  }
  const displayName =
    [firstName, lastName].filter(Boolean).join(" ") ||
    first(f.get("email")) ||
    first(f.get("company")) ||
    "(no name)";
  return {
    line: row.line,
    contact: parsed.success && errors.length === 0 ? parsed.data : null,
    extras,
    errors,
    displayName: sanitizeText(displayName).slice(0, 120),
  };
}
