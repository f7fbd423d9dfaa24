// History (interactions), snooze and bulk rhythm contracts.
import { numberInput } from "./number-input";
import { z } from "zod";
import { ContactSchema } from "./contacts";
import { CONTACT_METHODS } from "./contact-fields";
import { sanitizeMultilineText } from "./sanitize";
import { addDays, type LocalDate } from "./rhythm";
import { RhythmSchema } from "./rhythm-schema";

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
  /** Only the day is known: no time of day and no channel to show. */
  isDateOnly: z.boolean(),
  /** The reply (to a reminder, or forwarded mail) the assistant read this entry from. */
  replyId: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type Interaction = z.infer<typeof InteractionSchema>;

export const InteractionListSchema = z.object({ items: z.array(InteractionSchema) });
export type InteractionList = z.infer<typeof InteractionListSchema>;

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

/**
 * The day a snooze by `days` leads to: counted from the later of today and the current due day,
 * so a snooze never brings someone forward. The server and the menu's labels share it.
 */
export function snoozeDay(options: { dueDay: LocalDate | null; today: LocalDate; days: number }) {
  const { dueDay, today, days } = options;
  return addDays(dueDay && dueDay > today ? dueDay : today, days);
}

/** Give a rhythm (or none) to chosen contacts, or to every contact with a tag. */
export const BulkRhythmSchema = z
  .object({
    contactIds: z.array(z.uuid("Unknown contact")).max(1000).optional(),
    tag: z.string().trim().min(1).max(50).optional(),
    rhythm: RhythmSchema.nullable(),
    /** Count what would change and write nothing (the confirm step). */
    preview: z.boolean().optional(),
  })
  .refine((v) => (v.contactIds?.length ?? 0) > 0 || Boolean(v.tag), {
    message: "Choose some contacts or a tag",
    path: ["contactIds"],
  });
export type BulkRhythmInput = z.input<typeof BulkRhythmSchema>;

/**
 * `updated`: contacts whose rhythm changes (or would, in a preview); `overwritten`: those of them
 * that had a rhythm before; `undoId`: undoes the change (null in a preview or when nothing changed).
 */
export const BulkRhythmResultSchema = z.object({
  updated: z.number(),
  overwritten: z.number(),
  matched: z.number(),
  undoId: z.string().nullable(),
});
export type BulkRhythmResult = z.infer<typeof BulkRhythmResultSchema>;

/** Logging contact also answers how to undo it. */
export const LogInteractionResultSchema = InteractionResultSchema.extend({
  undoId: z.string(),
  /** The others logged with the contact (withContactIds), as they are now. */
  others: z.array(ContactSchema).optional(),
});

/** Logging contact, and the same for the others who were there (say, the rest of a household). */
export const LogTogetherInputSchema = InteractionInputSchema.extend({
  withContactIds: z
    .array(z.string({ error: "Each of withContactIds is a contact's id" }), {
      error: "withContactIds is a list of contact ids",
    })
    .max(50, "Log at most 50 people at once")
    .optional(),
});
export type LogTogetherInput = z.input<typeof LogTogetherInputSchema>;
export type LogInteractionResult = z.infer<typeof LogInteractionResultSchema>;

/** A snooze or an archive answers the contact, plus how to undo the change. */
export const UndoableContactSchema = ContactSchema.extend({ undoId: z.string() });
export type UndoableContact = z.infer<typeof UndoableContactSchema>;

export const UndoResultSchema = z.object({ contacts: z.array(ContactSchema) });
export type UndoResult = z.infer<typeof UndoResultSchema>;

/** A stale undo (something changed since) answers 409 with this. */
export const STALE_UNDO_MESSAGE =
  "This can't be undone any more: the contact was changed since. Reload to see the latest.";
