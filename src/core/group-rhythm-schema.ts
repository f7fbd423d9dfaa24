// What the groups API takes and answers: a tag's default rhythm (the rules: group-rhythms.ts).
import { z } from "zod";
import { cleanTag, CONTACT_LIMITS } from "./contact-fields";
import { RHYTHM_UNITS } from "./rhythm";
import { RhythmSchema } from "./rhythm-schema";

const RhythmAnswerSchema = z.object({ interval: z.number(), unit: z.enum(RHYTHM_UNITS) });

export const TagParamsSchema = z.object({
  name: z
    .string()
    .transform(cleanTag)
    .pipe(
      z
        .string()
        .min(1, "Name a tag")
        .max(CONTACT_LIMITS.tag, `Tags can be at most ${CONTACT_LIMITS.tag} characters`),
    ),
});

/** Set a tag's default rhythm, or clear it with null. */
export const GroupRhythmInputSchema = z
  .object({
    rhythm: RhythmSchema.nullable().optional(),
    /** Count who would change and write nothing (the confirm step). */
    preview: z.boolean().optional(),
  })
  .refine((v) => v.rhythm !== undefined, {
    path: ["rhythm"],
    message: 'Send a rhythm such as { "interval": 2, "unit": "week" }, or null for none',
  });
export type GroupRhythmInput = z.input<typeof GroupRhythmInputSchema>;

/**
 * `contacts`: contacts with the tag; `followers`: those going by its rhythm (after the change);
 * `updated`: contacts whose rhythm changes (or would, in a preview); `undoId`: undoes the whole
 * change (null in a preview or when nothing changed).
 */
export const GroupRhythmResultSchema = z.object({
  tag: z.string(),
  rhythm: RhythmAnswerSchema.nullable(),
  contacts: z.number(),
  followers: z.number(),
  updated: z.number(),
  undoId: z.string().nullable(),
});
export type GroupRhythmResult = z.infer<typeof GroupRhythmResultSchema>;

/** A tag as the groups list shows it: how many contacts carry it, its rhythm and its followers. */
export const TagSummarySchema = z.object({
  tag: z.string(),
  count: z.number(),
  rhythm: RhythmAnswerSchema.nullable(),
  followers: z.number(),
});
export type TagSummary = z.infer<typeof TagSummarySchema>;
export const TagListSchema = z.object({ tags: z.array(TagSummarySchema) });
