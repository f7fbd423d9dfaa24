// The contact contract shared by the API, the forms and the importer: what a person may send
// (ContactInputSchema, which also sanitises), and what the API answers (ContactSchema).
import { z } from "zod";
import { DUE_STATES, RhythmSchema } from "./rhythm";
import { sanitizeMultilineText, sanitizePhone, sanitizeText, isEmailShaped } from "./sanitize";

export const CONTACT_METHODS = [
  "email",
  "phone",
  "text",
  "whatsapp",
  "telegram",
  "in_person",
  "other",
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: "Email",
  phone: "Phone call",
  text: "Text",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  in_person: "In person",
  other: "Other",
};

export const CONTACT_LIMITS = {
  name: 100,
  company: 200,
  jobTitle: 200,
  notes: 10_000,
  place: 100,
  label: 40,
  email: 254,
  phone: 40,
  values: 10,
  tags: 30,
  tag: 50,
} as const;

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

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

// ---------------------------------------------------------------- input pieces

function blankToNull(v: unknown): unknown {
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

export const PhoneEntrySchema = z.object({
  label: LabelSchema,
  value: z
    .string()
    .max(CONTACT_LIMITS.phone, "That phone number is too long")
    .refine(
      (v) => v.trim() === "" || phoneDigits(v).length >= 3,
      "Please enter a phone number with at least 3 digits",
    )
    .transform(sanitizePhone),
});

function entryList<T extends z.ZodType<{ value: string; label?: string }>>(entry: T, what: string) {
  return z
    .array(entry)
    .max(CONTACT_LIMITS.values, `At most ${CONTACT_LIMITS.values} ${what}`)
    .optional()
    .transform((list) => {
      const seen = new Set<string>();
      return (list ?? []).filter((e) => {
        if (!e.value || seen.has(e.value)) return false;
        seen.add(e.value);
        return true;
      });
    });
}

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
      day: z.coerce.number({ error: "Choose a day" }).int().min(1, "Choose a day").max(31),
      month: z.coerce.number({ error: "Choose a month" }).int().min(1, "Choose a month").max(12),
      year: z.coerce
        .number({ error: "The year must be a number" })
        .int()
        .min(1900, "The year must be 1900 or later")
        .max(2100, "The year must be 2100 or earlier")
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

// ---------------------------------------------------------------- the contract

/** Every editable field; used whole by create and the edit form, partially by PATCH. */
export const ContactFieldsSchema = z.object({
  firstName: optionalText(CONTACT_LIMITS.name, "First name"),
  lastName: optionalText(CONTACT_LIMITS.name, "Last name"),
  emails: entryList(EmailEntrySchema, "email addresses"),
  phones: entryList(PhoneEntrySchema, "phone numbers"),
  company: optionalText(CONTACT_LIMITS.company, "Company"),
  jobTitle: optionalText(CONTACT_LIMITS.jobTitle, "Job title"),
  notes: optionalText(CONTACT_LIMITS.notes, "Notes", true),
  preferredMethod: z.preprocess(
    blankToNull,
    z.enum(CONTACT_METHODS, { error: "Choose a way to get in touch from the list" }).nullable(),
  ),
  telegramUsername: z
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
  city: optionalText(CONTACT_LIMITS.place, "City"),
  region: optionalText(CONTACT_LIMITS.place, "Region"),
  country: optionalText(CONTACT_LIMITS.place, "Country"),
  countryCode: z.preprocess(
    (v) => (typeof v === "string" ? blankToNull(v.trim().toUpperCase()) : blankToNull(v)),
    z
      .string()
      .regex(/^[A-Z]{2}$/, "A country code has two letters, like GB or US")
      .nullable(),
  ),
  latitude: optionalNumber(-90, 90, "Latitude"),
  longitude: optionalNumber(-180, 180, "Longitude"),
  birthday: BirthdaySchema,
  tags: TagsSchema,
  rhythm: z.preprocess(blankToNull, RhythmSchema.nullable()),
});

type Fields = z.output<typeof ContactFieldsSchema>;

/** Rules across fields: a name, and coordinates as a pair. */
export function checkContactFields(c: Partial<Fields>, ctx: z.RefinementCtx): void {
  if (!c.firstName && !c.lastName) {
    ctx.addIssue({ code: "custom", path: ["firstName"], message: "Enter a first or last name" });
  }
  const hasLat = c.latitude !== null && c.latitude !== undefined;
  const hasLng = c.longitude !== null && c.longitude !== undefined;
  if (hasLat !== hasLng) {
    ctx.addIssue({
      code: "custom",
      path: [hasLat ? "longitude" : "latitude"],
      message: "Enter both latitude and longitude, or neither",
    });
  }
}

export const ContactInputSchema = ContactFieldsSchema.superRefine(checkContactFields);
export type ContactInput = z.output<typeof ContactInputSchema>;
export type ContactFormValues = z.input<typeof ContactInputSchema>;

const LocalDateSchema = z.iso.date({ error: "Use a date like 2025-01-31" });

/** Creating a contact may also say when you were last in touch (logged as history). */
export const ContactCreateSchema = ContactFieldsSchema.extend({
  lastContactedOn: z.preprocess(blankToNull, LocalDateSchema.nullable()).optional(),
}).superRefine(checkContactFields);
export type ContactCreateInput = z.output<typeof ContactCreateSchema>;
export type ContactCreateFormValues = z.input<typeof ContactCreateSchema>;

/** PATCH: any subset; the merged contact must still pass checkContactFields (server-side). */
export const ContactPatchSchema = ContactFieldsSchema.partial();
export type ContactPatch = z.output<typeof ContactPatchSchema>;

// ---------------------------------------------------------------- what the API answers

const IsoDateTime = z.string();
const LabelledValueSchema = z.object({ label: z.string().optional(), value: z.string() });

export const ContactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emails: z.array(LabelledValueSchema),
  phones: z.array(LabelledValueSchema),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  notes: z.string().nullable(),
  preferredMethod: z.enum(CONTACT_METHODS).nullable(),
  telegramUsername: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  birthday: z
    .object({ day: z.number(), month: z.number(), year: z.number().nullable() })
    .nullable(),
  tags: z.array(z.string()),
  rhythm: z
    .object({ interval: z.number(), unit: z.enum(["day", "week", "month", "year"]) })
    .nullable(),
  rhythmSetAt: IsoDateTime.nullable(),
  lastContactedAt: IsoDateTime.nullable(),
  nextDueAt: IsoDateTime.nullable(),
  /** The due day in the user's time zone (YYYY-MM-DD). */
  dueDate: z.string().nullable(),
  daysUntilDue: z.number().nullable(),
  state: z.enum(DUE_STATES),
  /** The next due date was moved by a snooze rather than following from the rhythm. */
  isSnoozed: z.boolean(),
  archivedAt: IsoDateTime.nullable(),
  importId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Contact = z.infer<typeof ContactSchema>;

// ---------------------------------------------------------------- display helpers

export function contactDisplayName(c: { firstName: string; lastName: string }): string {
  return [c.firstName, c.lastName].filter(Boolean).join(" ") || "Unnamed";
}

export function contactInitials(c: { firstName: string; lastName: string }): string {
  const letters = [c.firstName, c.lastName]
    .filter(Boolean)
    .map((n) => Array.from(n)[0]?.toLocaleUpperCase() ?? "");
  return letters.join("").slice(0, 2) || "?";
}

export type ChannelLink = {
  method: ContactMethod;
  label: string;
  href: string;
  /** Set when the preferred method could not be linked and this link stands in for it. */
  insteadOf?: { method: ContactMethod; reason: string };
};

type Reachable = Pick<Contact, "preferredMethod" | "emails" | "phones" | "telegramUsername">;

/**
 * A phone number as a dialable string: "+" and digits for a number in international form (a
 * "(0)" trunk prefix after the country code dropped: "+44 (0)20 7946 0958" → "+442079460958"),
 * digits alone for a national number ("020 7946 0958" → "02079460958"); "" without digits.
 */
export function dialableNumber(phone: string): { number: string; isInternational: boolean } {
  const text = phone.trim();
  const isInternational = text.startsWith("+");
  const digits = phoneDigits(isInternational ? text.replace(/\(\s*0\s*\)/, "") : text);
  if (!digits) return { number: "", isInternational: false };
  return { number: isInternational ? `+${digits}` : digits, isInternational };
}

export const NEEDS_COUNTRY_CODE =
  "needs the number with its country code (starting with +), so this link calls instead";

/**
 * The preferred way to get in touch as a link, or null when there is nothing to link to.
 * WhatsApp and Telegram reach a phone number only in international form; for a national
 * number the link falls back to a phone call, and says so (decision 021).
 */
export function preferredChannelLink(c: Reachable): ChannelLink | null {
  const method = c.preferredMethod;
  if (!method) return null;
  const email = c.emails[0]?.value;
  const phone = dialableNumber(c.phones[0]?.value ?? "");
  const label = CONTACT_METHOD_LABELS[method];
  const byPhone = (href: string): ChannelLink | null => {
    if (!phone.number) return null;
    if (phone.isInternational) return { method, label, href };
    return {
      method: "phone",
      label: CONTACT_METHOD_LABELS.phone,
      href: `tel:${phone.number}`,
      insteadOf: { method, reason: `${label} ${NEEDS_COUNTRY_CODE}` },
    };
  };
  switch (method) {
    case "email":
      return email ? { method, label, href: `mailto:${email}` } : null;
    case "phone":
      return phone.number ? { method, label, href: `tel:${phone.number}` } : null;
    case "text":
      return phone.number ? { method, label, href: `sms:${phone.number}` } : null;
    case "whatsapp":
      // wa.me wants the country code and number as digits, without "+".
      return byPhone(`https://wa.me/${phone.number.slice(1)}`);
    case "telegram":
      if (c.telegramUsername) return { method, label, href: `https://t.me/${c.telegramUsername}` };
      return byPhone(`https://t.me/${phone.number}`);
    default:
      return null;
  }
}
