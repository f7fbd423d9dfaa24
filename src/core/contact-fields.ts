// A contact's fields, declared once (CONTACT_FIELDS), with the values they hold: what a person
// may send for each (sanitised), its column in our CSV export, the import target a file's column
// maps to, and its kind, which says how it is answered, stored, read from a file, written to CSV
// and merged. Everything that lists a contact's fields derives from here: the contracts
// (contacts.ts), the server's column mappers and list answer, the exports and the importer.
// docs/adding-a-contact-field.md is the checklist for adding one.
import { numberInput } from "./number-input";
import { z } from "zod";
import { RhythmSchema } from "./rhythm-schema";
import { sanitizeMultilineText, sanitizePhone, sanitizeText, isEmailShaped } from "./sanitize";
import { CONTACT_LIMITS } from "./contact-limits";
import { CONTACT_METHODS, phoneDigits } from "./contact-methods";
import { ADDRESS_PART_LABELS, isBlankAddress } from "./postal-address";
import { PHONE_EXTENSION_MAX, splitExtension } from "./phone-numbers";
import { canonicalTimeZone } from "./onboarding";

// Kept importable from here, where every field is declared; defined apart so the contacts screen
// can use them without zod.
export {
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  phoneDigits,
  type ContactMethod,
} from "./contact-methods";

// Kept importable from here too; defined apart so the contact form can use them without zod.
export { CONTACT_LIMITS } from "./contact-limits";

// ---------------------------------------------------------------- sanitisers (also for import)

export function cleanTag(value: string): string {
  return sanitizeText(value).replace(/^#+/, "").replace(/\s+/g, " ").trim();
}

/** Tags trimmed, without a leading #, deduplicated ignoring case (the first spelling wins). */
export function cleanTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values) {
    const tag = cleanTag(value);
    const key = tag.toLocaleLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** A Telegram username without "@" or a t.me address; "" when it cannot be one. */
export function cleanTelegramUsername(value: string): string {
  const text = sanitizeText(value)
    .replace(/^(https?:\/\/)?(www\.)?(t|telegram)\.me\//i, "")
    .replace(/^@/, "");
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(text) ? text : "";
}

// ---------------------------------------------------------------- input pieces

export function blankToNull(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" && v.trim() === "") return null;
  return v;
}

function optionalText(max: number, label: string, multiline = false) {
  return z
    .string()
    .max(max, `${label} can be at most ${max.toLocaleString("en-US")} characters`)
    .transform((v) => (multiline ? sanitizeMultilineText(v) : sanitizeText(v)) || null)
    .nullish()
    .transform((v) => v ?? null);
}

function optionalNumber(min: number, max: number, label: string) {
  return z.preprocess(
    (v) => {
      const value = blankToNull(v);
      return typeof value === "string" ? Number(value.replace(",", ".")) : value;
    },
    z
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`)
      .nullable(),
  );
}

const LabelSchema = z
  .string()
  .max(CONTACT_LIMITS.label, `Labels can be at most ${CONTACT_LIMITS.label} characters`)
  .transform((v) => sanitizeText(v) || undefined)
  .optional();

export const EmailEntrySchema = z.object({
  label: LabelSchema,
  value: z
    .string()
    .max(CONTACT_LIMITS.email, "That email address is too long")
    .transform((v) => sanitizeText(v).toLowerCase())
    .refine((v) => v === "" || isEmailShaped(v), "Please enter a valid email address"),
});

// A number typed or imported with its extension ("+1 555 0100 x12", "…;ext=12") keeps the
// extension apart, so the number stays dialable and the extension is not read as more digits.
function withExtensionApart(entry: unknown): unknown {
  if (!entry || typeof entry !== "object") return entry;
  const e = entry as Record<string, unknown>;
  if (typeof e.value !== "string" || (typeof e.ext === "string" && e.ext.trim() !== ""))
    return entry;
  const split = splitExtension(e.value);
  return split.ext ? { ...e, value: split.value, ext: split.ext } : entry;
}

export const PhoneEntrySchema = z.preprocess(
  withExtensionApart,
  z.object({
    label: LabelSchema,
    value: z
      .string()
      .max(CONTACT_LIMITS.phone, "That phone number is too long")
      .refine(
        (v) => v.trim() === "" || phoneDigits(v).length >= 3,
        "Please enter a phone number with at least 3 digits",
      )
      .transform(sanitizePhone),
    ext: z
      .string()
      .max(PHONE_EXTENSION_MAX + 10, `An extension has at most ${PHONE_EXTENSION_MAX} digits`)
      .nullish()
      .transform((v) => (v ?? "").replace(/\D/g, ""))
      .refine(
        (v) => v.length <= PHONE_EXTENSION_MAX,
        `An extension has at most ${PHONE_EXTENSION_MAX} digits`,
      )
      .transform((v) => v || undefined)
      .optional(),
  }),
);

export const WebsiteEntrySchema = z.object({
  label: LabelSchema,
  value: z
    .string()
    .max(CONTACT_LIMITS.website, "That web address is too long")
    .transform((v) => sanitizeText(v).replace(/\s+/g, ""))
    .refine(
      (v) => v === "" || /^(https?:\/\/)?[^\s/$.?#]+\.[^\s]+$/i.test(v),
      "Please enter a web address like example.com",
    ),
});

function entryList<T extends z.ZodType<{ value: string; label?: string; ext?: string }>>(
  entry: T,
  what: string,
) {
  return z
    .array(entry)
    .max(CONTACT_LIMITS.values, `At most ${CONTACT_LIMITS.values} ${what}`)
    .optional()
    .transform((list) => {
      const seen = new Set<string>();
      return (list ?? []).filter((e) => {
        // The same number with another extension is another phone (a switchboard's lines).
        const key = e.ext ? `${e.value} x${e.ext}` : e.value;
        if (!e.value || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

function addressPart(max: number, label: string) {
  return z
    .string()
    .max(max, `${label} can be at most ${max} characters`)
    .nullish()
    .transform((v) => sanitizeText(v ?? ""));
}

export const AddressEntrySchema = z.object({
  label: LabelSchema,
  street: addressPart(CONTACT_LIMITS.street, ADDRESS_PART_LABELS.street),
  extended: addressPart(CONTACT_LIMITS.street, ADDRESS_PART_LABELS.extended),
  city: addressPart(CONTACT_LIMITS.place, ADDRESS_PART_LABELS.city),
  region: addressPart(CONTACT_LIMITS.place, ADDRESS_PART_LABELS.region),
  postalCode: addressPart(CONTACT_LIMITS.place, ADDRESS_PART_LABELS.postalCode),
  country: addressPart(CONTACT_LIMITS.place, ADDRESS_PART_LABELS.country),
  /** The address the contact's place on the map (city, region, country) was taken from. */
  isPlace: z.boolean().optional().default(false),
});

const AddressListSchema = z
  .array(AddressEntrySchema)
  .max(CONTACT_LIMITS.addresses, `At most ${CONTACT_LIMITS.addresses} addresses`)
  .optional()
  .transform((list) => (list ?? []).filter((address) => !isBlankAddress(address)))
  .refine(
    (list) => list.filter((address) => address.isPlace).length <= 1,
    "Only one address can be the place on the map",
  );

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const BirthdaySchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== "object") return blankToNull(v);
    const b = v as Record<string, unknown>;
    if ([b.day, b.month, b.year].every((x) => blankToNull(x) === null)) return null;
    return { day: b.day, month: b.month, year: blankToNull(b.year) };
  },
  z
    .object({
      day: numberInput("Choose a day").pipe(
        z.number().int("Choose a day").min(1, "Choose a day").max(31),
      ),
      month: numberInput("Choose a month").pipe(
        z.number().int("Choose a month").min(1, "Choose a month").max(12),
      ),
      year: numberInput("The year must be a number")
        .pipe(
          z
            .number()
            .int("The year must be a number")
            .min(1000, "Enter the year with four digits")
            .max(2100, "The year must be 2100 or earlier"),
        )
        .nullable(),
    })
    .superRefine((b, ctx) => {
      const max =
        b.month === 2 && b.year !== null
          ? new Date(Date.UTC(b.year, 2, 0)).getUTCDate()
          : (MONTH_DAYS[b.month - 1] ?? 31);
      if (b.day > max)
        ctx.addIssue({
          code: "custom",
          path: ["day"],
          message: "That day does not exist in that month",
        });
    })
    .nullable(),
);
export type Birthday = { day: number; month: number; year: number | null };

const TagsSchema = z
  .union([
    z.array(
      z.string().max(CONTACT_LIMITS.tag, `Tags can be at most ${CONTACT_LIMITS.tag} characters`),
    ),
    z.string(),
  ])
  .optional()
  .transform((v) => cleanTags(typeof v === "string" ? v.split(",") : (v ?? [])))
  .refine((tags) => tags.length <= CONTACT_LIMITS.tags, `At most ${CONTACT_LIMITS.tags} tags`);

// ---------------------------------------------------------------- the fields

/**
 * How a field is answered, stored, read from an imported file, written to our CSV and merged:
 * - name: text, "" when empty (stored and answered), null in input;
 * - text, notes: text or null (notes: several import columns add up, merges append);
 * - number: a number or null; method: one of CONTACT_METHODS or null;
 * - emails, phones, websites: labelled values (an import target "<target>Label" labels them);
 *   a phone may carry an extension (`ext`), and its label says its kind (mobile, fax…);
 * - addresses: labelled postal addresses, one of them maybe the place on the map (import
 *   targets "address<Part>" read other files' address columns);
 * - tags: a list of text; birthday: day, month, year (columns <key>Day, <key>Month, <key>Year);
 * - rhythm: interval and unit (columns <key>Interval, <key>Unit).
 */
export type ContactFieldKind =
  | "name"
  | "text"
  | "notes"
  | "number"
  | "method"
  | "emails"
  | "phones"
  | "websites"
  | "addresses"
  | "tags"
  | "birthday"
  | "rhythm";

export type ContactFieldDefinition = {
  kind: ContactFieldKind;
  /** What a person may send: validates and sanitises (forms, API, every imported row). */
  input: z.ZodType;
  /** The column's header in our CSV export. */
  csvHeader: string;
  /** The import target a file's column maps to, and its label in the mapping table. */
  importTarget: string;
  importLabel: string;
  /** Other headers (normalised: lower case, single spaces) that name this field. */
  headers?: RegExp;
  /** Part of the contact's place, taken whole on a merge; "where" fields say a place is set. */
  place?: "where" | "detail";
};

export type ContactFieldDefinitions = Readonly<Record<string, ContactFieldDefinition>>;

function defineContactFields<const F extends ContactFieldDefinitions>(fields: F): F {
  return fields;
}

const text = <K extends string, L extends string>(key: K, limit: number, label: L) =>
  ({
    kind: "text",
    input: optionalText(limit, label),
    csvHeader: label,
    importTarget: key,
    importLabel: label,
  }) as const;

/** Every field of a contact a person edits, imports and exports, in the order they are answered. */
export const CONTACT_FIELDS = defineContactFields({
  firstName: {
    kind: "name",
    input: optionalText(CONTACT_LIMITS.name, "First name"),
    csvHeader: "First name",
    importTarget: "firstName",
    importLabel: "First name",
    headers: /^(first ?name|given ?name|forename)$/,
  },
  lastName: {
    kind: "name",
    input: optionalText(CONTACT_LIMITS.name, "Last name"),
    csvHeader: "Last name",
    importTarget: "lastName",
    importLabel: "Last name",
    headers: /^(last ?name|family ?name|surname)$/,
  },
  namePrefix: {
    ...text("namePrefix", CONTACT_LIMITS.name, "Name prefix"),
    headers: /^(name ?prefix|prefix|honorific prefix)$/,
  },
  nameSuffix: {
    ...text("nameSuffix", CONTACT_LIMITS.name, "Name suffix"),
    headers: /^(name ?suffix|suffix|honorific suffix)$/,
  },
  nickname: {
    ...text("nickname", CONTACT_LIMITS.name, "Nickname"),
    headers: /^nick ?name$/,
  },
  emails: {
    kind: "emails",
    input: entryList(EmailEntrySchema, "email addresses"),
    csvHeader: "Emails",
    importTarget: "email",
    importLabel: "Email",
    headers: /^(e-?mails?|e-?mail( \d+)?( address(es)?)?|e-?mail \d+ address|e-?mail \d+ - value)$/,
  },
  phones: {
    kind: "phones",
    input: entryList(PhoneEntrySchema, "phone numbers"),
    csvHeader: "Phones",
    importTarget: "phone",
    importLabel: "Phone",
    headers:
      /^((home|business|mobile|car|other|primary|company main|radio|work) )?(phone|telephone)( \d+)?( - value| number)?$|^(phones|mobile|cell|cell ?phone|tel)$/,
  },
  websites: {
    kind: "websites",
    input: entryList(WebsiteEntrySchema, "websites"),
    csvHeader: "Websites",
    importTarget: "website",
    importLabel: "Website",
    headers: /^(websites?|web ?page|web ?site|homepage|home page|url|website( \d+)? - value)$/,
  },
  company: {
    ...text("company", CONTACT_LIMITS.company, "Company"),
    headers: /^(company|organi[sz]ation( \d+ - name| name)?|employer)$/,
  },
  jobTitle: {
    ...text("jobTitle", CONTACT_LIMITS.jobTitle, "Job title"),
    headers: /^(job ?title|position|organi[sz]ation( \d+ - title| title)|occupation|role|title)$/,
  },
  notes: {
    kind: "notes",
    input: optionalText(CONTACT_LIMITS.notes, "Notes", true),
    csvHeader: "Notes",
    importTarget: "notes",
    importLabel: "Notes",
    headers: /^(notes?|comments?|description)$/,
  },
  preferredMethod: {
    kind: "method",
    input: z.preprocess(
      blankToNull,
      z.enum(CONTACT_METHODS, { error: "Choose a way to get in touch from the list" }).nullable(),
    ),
    csvHeader: "Preferred method",
    importTarget: "preferredMethod",
    importLabel: "Preferred method",
    headers: /^preferred (method|channel|contact method)$/,
  },
  telegramUsername: {
    kind: "text",
    input: z
      .string()
      .nullish()
      .transform((v, ctx) => {
        if (!v?.trim()) return null;
        const username = cleanTelegramUsername(v);
        if (!username) {
          ctx.addIssue({
            code: "custom",
            message: "A Telegram username has 5 to 32 letters, digits or _",
          });
          return z.NEVER;
        }
        return username;
      }),
    csvHeader: "Telegram",
    importTarget: "telegramUsername",
    importLabel: "Telegram username",
    headers: /^telegram( username)?$/,
  },
  city: {
    ...text("city", CONTACT_LIMITS.place, "City"),
    headers: /^(city|town|locality)$/,
    place: "where",
  },
  region: {
    ...text("region", CONTACT_LIMITS.place, "Region"),
    headers: /^(state|region|province|county)$/,
    place: "where",
  },
  country: {
    ...text("country", CONTACT_LIMITS.place, "Country"),
    headers: /^country(\/region)?$/,
    place: "where",
  },
  countryCode: {
    kind: "text",
    input: z.preprocess(
      (v) => (typeof v === "string" ? blankToNull(v.trim().toUpperCase()) : blankToNull(v)),
      z
        .string()
        .regex(/^[A-Z]{2}$/, "A country code has two letters, like GB or US")
        .nullable(),
    ),
    csvHeader: "Country code",
    importTarget: "countryCode",
    importLabel: "Country code",
    headers: /^country ?code$|^iso country$/,
    place: "detail",
  },
  latitude: {
    kind: "number",
    input: optionalNumber(-90, 90, "Latitude"),
    csvHeader: "Latitude",
    importTarget: "latitude",
    importLabel: "Latitude",
    headers: /^(lat|latitude)$/,
    place: "where",
  },
  longitude: {
    kind: "number",
    input: optionalNumber(-180, 180, "Longitude"),
    csvHeader: "Longitude",
    importTarget: "longitude",
    importLabel: "Longitude",
    headers: /^(lng|lon|long|longitude)$/,
    place: "detail",
  },
  timeZone: {
    kind: "text",
    input: z
      .string()
      .max(CONTACT_LIMITS.place, "Choose a time zone from the list, like Europe/Lisbon")
      .nullish()
      .transform((v, ctx) => {
        if (!v?.trim()) return null;
        const zone = canonicalTimeZone(v);
        if (zone) return zone;
        ctx.addIssue({
          code: "custom",
          message: `"${v.trim().slice(0, 60)}" is not a time zone: choose one from the list, like Europe/Lisbon`,
        });
        return z.NEVER;
      }),
    csvHeader: "Time zone",
    importTarget: "timeZone",
    importLabel: "Time zone",
    headers: /^(time ?zone|tz)$/,
    place: "detail",
  },
  addresses: {
    kind: "addresses",
    input: AddressListSchema,
    csvHeader: "Addresses",
    importTarget: "addresses",
    importLabel: "Addresses",
    headers: /^(addresses|postal addresses)$/,
  },
  birthday: {
    kind: "birthday",
    input: BirthdaySchema,
    csvHeader: "Birthday",
    importTarget: "birthday",
    importLabel: "Birthday",
    headers: /^(birthday|birth ?date|date of birth|dob|bday)$/,
  },
  tags: {
    kind: "tags",
    input: TagsSchema,
    csvHeader: "Tags",
    importTarget: "tags",
    importLabel: "Tags",
    headers: /^(tags?|labels|group membership|groups?|categories|category)$/,
  },
  rhythm: {
    kind: "rhythm",
    input: z.preprocess(blankToNull, RhythmSchema.nullable()),
    csvHeader: "Rhythm",
    importTarget: "rhythm",
    importLabel: "Rhythm",
    headers: /^(rhythm|contact rhythm|frequency|cadence)$/,
  },
});

export type ContactFieldKey = keyof typeof CONTACT_FIELDS;

/** The definitions as a list, keys included, for code that walks every field. */
export function listContactFields<F extends ContactFieldDefinitions>(
  fields: F,
): (ContactFieldDefinition & { key: keyof F & string })[] {
  return Object.entries(fields).map(([key, field]) => ({ ...field, key }));
}
