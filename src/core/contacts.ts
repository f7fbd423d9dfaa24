// The contact contract shared by the API, the forms and the importer: what a person may send
// (ContactInputSchema, which also sanitises), and what the API answers (ContactSchema). Both
// are built from the one list of a contact's fields, CONTACT_FIELDS (contact-fields.ts).
import { z } from "zod";
import {
  blankToNull,
  CONTACT_FIELDS,
  CONTACT_METHODS,
  type ContactFieldDefinitions,
  type ContactFieldKind,
} from "./contact-fields";
import { DUE_STATES, RHYTHM_UNITS } from "./rhythm";

// ---------------------------------------------------------------- the contract

type InputShape<F extends ContactFieldDefinitions> = { [K in keyof F]: F[K]["input"] };

function inputShapeOf<F extends ContactFieldDefinitions>(fields: F): InputShape<F> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(fields)) shape[key] = field.input;
  return shape as InputShape<F>;
}

/**
 * Whether `timeZone` is the person's choice (kept when their place changes) or follows their
 * place (false: derived again from the coordinates). Left out, a `timeZone` that differs from
 * what the contact has or what their place gives counts as a choice.
 */
const TimeZoneSetByHandSchema = z
  .boolean({ error: "isTimeZoneSetByHand must be true or false" })
  .optional();

/** Every editable field; used whole by create and the edit form, partially by PATCH. */
export const ContactFieldsSchema = z.object({
  ...inputShapeOf(CONTACT_FIELDS),
  isTimeZoneSetByHand: TimeZoneSetByHandSchema,
});

type Fields = z.output<typeof ContactFieldsSchema>;

export const NAME_REQUIRED = "Enter a first or last name";

/** Rules across fields: a name, and coordinates as a pair. */
export function checkContactFields(c: Partial<Fields>, ctx: z.RefinementCtx): void {
  if (!c.firstName && !c.lastName) {
    ctx.addIssue({ code: "custom", path: ["firstName"], message: NAME_REQUIRED });
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

export const STALE_CONTACT_MESSAGE = "This contact was changed elsewhere: reload to see the change";

/**
 * PATCH: any subset; the merged contact must still pass checkContactFields (server-side).
 * `expectedUpdatedAt` is the contact's `updatedAt` when the editor opened it: when the contact
 * changed since, the save is refused (409, STALE_CONTACT_MESSAGE) instead of silently undoing
 * the other change.
 */
export const ContactPatchSchema = ContactFieldsSchema.partial().extend({
  expectedUpdatedAt: z.iso
    .datetime({ offset: true, error: "expectedUpdatedAt must be the contact's updatedAt" })
    .optional(),
});
export type ContactPatch = z.output<typeof ContactPatchSchema>;
/** What the edit form sends: the fields the user changed and the version it opened. */
export type ContactEdit = Partial<ContactInput> & { expectedUpdatedAt: string };

// ---------------------------------------------------------------- what the API answers

const IsoDateTime = z.string();
const LabelledValueSchema = z.object({ label: z.string().optional(), value: z.string() });
const PhoneAnswerSchema = LabelledValueSchema.extend({ ext: z.string().optional() });
const AddressAnswerSchema = z.object({
  label: z.string().optional(),
  street: z.string(),
  extended: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  isPlace: z.boolean(),
});

/** How the API answers a field of each kind. */
const ANSWER_BY_KIND = {
  name: z.string(),
  text: z.string().nullable(),
  notes: z.string().nullable(),
  number: z.number().nullable(),
  method: z.enum(CONTACT_METHODS).nullable(),
  emails: z.array(LabelledValueSchema),
  phones: z.array(PhoneAnswerSchema),
  websites: z.array(LabelledValueSchema),
  addresses: z.array(AddressAnswerSchema),
  tags: z.array(z.string()),
  birthday: z
    .object({ day: z.number(), month: z.number(), year: z.number().nullable() })
    .nullable(),
  rhythm: z.object({ interval: z.number(), unit: z.enum(RHYTHM_UNITS) }).nullable(),
} as const satisfies Record<ContactFieldKind, z.ZodType>;

type AnswerShape<F extends ContactFieldDefinitions> = {
  [K in keyof F]: (typeof ANSWER_BY_KIND)[F[K]["kind"]];
};

/** A contact as the API answers it, for a set of fields (CONTACT_FIELDS gives ContactSchema). */
export function contactSchemaFor<F extends ContactFieldDefinitions>(fields: F) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(fields)) shape[key] = ANSWER_BY_KIND[field.kind];
  return z.object({
    id: z.string(),
    ...(shape as AnswerShape<F>),
    /** The group (tag) whose rhythm the contact follows; null for its own rhythm or none. */
    rhythmSource: z.object({ tag: z.string() }).nullable(),
    /** True when `timeZone` was chosen by hand; false when it follows the contact's place. */
    isTimeZoneSetByHand: z.boolean(),
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
    /** Where the contact's photo is served (cached, never inline), or null for initials. */
    photoUrl: z.string().nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  });
}

/** What the API computes for a contact as of today: not stored, not exported. */
export const COMPUTED_CONTACT_KEYS = {
  dueDate: true,
  daysUntilDue: true,
  state: true,
  isSnoozed: true,
} as const;

export const ContactSchema = contactSchemaFor(CONTACT_FIELDS);
export type Contact = z.infer<typeof ContactSchema>;

// ---------------------------------------------------------------- display helpers

// In contact-display.ts, free of zod for the contacts screen.
export {
  contactDisplayName,
  contactInitials,
  dialableNumber,
  NEEDS_COUNTRY_CODE,
  preferredChannelLink,
  type ChannelLink,
} from "./contact-display";
