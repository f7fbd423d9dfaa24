// History (interactions), snooze and bulk rhythm contracts.
import { numberInput } from "./number-input";
import { z } from "zod";
import { ContactSchema } from "./contacts";
import { CONTACT_METHODS } from "./contact-fields";
import { sanitizeMultilineText } from "./sanitize";
import { RhythmSchema } from "./rhythm";

export const INTERACTION_NOTE_MAX = 5_000;
/** Clocks disagree a little; an interaction this far ahead of the server still counts as now. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
export const EARLIEST_INTERACTION = "1900-01-01T00:00:00.000Z";

const OccurredAtSchema = z.iso
  .datetime({ offset: true, error: "Enter a valid date and time" })
  .refine((v) => Date.parse(v) >= Date.parse(EARLIEST_INTERACTION), "Enter a date after 1900");

const NoteSchema = z
  .string()
  .max(
    INTERACTION_NOTE_MAX,
    `Notes can be at most ${INTERACTION_NOTE_MAX.toLocaleString("en-US")} characters`,
  )
  .nullish()
  .transform((v) => (v ? sanitizeMultilineText(v) || null : null));

/** Logging contact: everything optional; the default is "now, by the preferred channel". */
export const InteractionInputSchema = z.object({
  occurredAt: OccurredAtSchema.optional(),
  channel: z.enum(CONTACT_METHODS, { error: "Choose how you were in touch" }).optional(),
  note: NoteSchema,
});
export type InteractionInput = z.input<typeof InteractionInputSchema>;

export const InteractionPatchSchema = z.object({
  occurredAt: OccurredAtSchema.optional(),
  channel: z.enum(CONTACT_METHODS, { error: "Choose how you were in touch" }).optional(),
  note: NoteSchema.optional(),
});
export type InteractionPatch = z.input<typeof InteractionPatchSchema>;

export const InteractionSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  occurredAt: z.string(),
  channel: z.enum(CONTACT_METHODS),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Interaction = z.infer<typeof InteractionSchema>;

export const InteractionListSchema = z.object({ items: z.array(InteractionSchema) });

/** Answers of history writes: the interaction (when there still is one) and the moved contact. */
export const InteractionResultSchema = z.object({
  interaction: InteractionSchema.nullable(),
  contact: ContactSchema,
});
export type InteractionResult = z.infer<typeof InteractionResultSchema>;

export const SNOOZE_MAX_DAYS = 365;

/** Snooze by a number of days from today, or until a day (YYYY-MM-DD, user's time zone). */
export const SnoozeInputSchema = z.union(
  [
    z.object({
      days: numberInput("Snooze by whole days").pipe(
        z
          .number()
          .int("Snooze by whole days")
          .min(1, "Snooze by at least 1 day")
          .max(SNOOZE_MAX_DAYS, `Snooze by at most ${SNOOZE_MAX_DAYS} days`),
      ),
    }),
    z.object({ until: z.iso.date({ error: "Choose a day to snooze until" }) }),
  ],
  { error: "Choose how long to snooze" },
);
export type SnoozeInput = z.input<typeof SnoozeInputSchema>;

export const SNOOZE_PRESETS = [
  { days: 1, label: "1 day" },
  { days: 3, label: "3 days" },
  { days: 7, label: "1 week" },
  { days: 14, label: "2 weeks" },
  { days: 30, label: "1 month" },
] as const;

/** Give a rhythm (or none) to chosen contacts, or to every contact with a tag. */
export const BulkRhythmSchema = z
  .object({
    contactIds: z.array(z.uuid("Unknown contact")).max(1000).optional(),
    tag: z.string().trim().min(1).max(50).optional(),
    rhythm: RhythmSchema.nullable(),
  })
  .refine((v) => (v.contactIds?.length ?? 0) > 0 || Boolean(v.tag), {
    message: "Choose some contacts or a tag",
    path: ["contactIds"],
  });
export type BulkRhythmInput = z.input<typeof BulkRhythmSchema>;

export const BulkRhythmResultSchema = z.object({ updated: z.number() });
