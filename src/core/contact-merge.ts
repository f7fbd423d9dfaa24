// Merging copies of one person into one contact: which value of each field survives (chosen,
// or by default the most recently updated copy that has one), lists and notes combined, and the
// API's contracts for it. The server applies the plan; the merge dialog previews the same plan.
import { z } from "zod";
import { CONTACT_FIELDS, listContactFields } from "./contact-fields";
import { ContactSchema } from "./contacts";
import { phoneEntryKey } from "./import/duplicates";
import { mergeContact } from "./import/merge-contact";
import { ADDRESS_PARTS, type PostalAddress } from "./postal-address";

/** At most this many contacts are merged into one, and this many merges are sent at once. */
export const MERGE_MAX = 50;

const FIELDS = listContactFields(CONTACT_FIELDS);
const COMBINED_KINDS = new Set(["emails", "phones", "websites", "addresses", "tags", "notes"]);

/** Fields whose values are combined from every copy rather than chosen from one. */
export const COMBINED_FIELD_KEYS = FIELDS.filter((f) => COMBINED_KINDS.has(f.kind)).map(
  (f) => f.key,
);

/** The place on the map (city, region, country, coordinates) is chosen whole, as "place". */
const PLACE_KEYS = FIELDS.filter((f) => f.place).map((f) => f.key);
const SINGLE_KEYS = FIELDS.filter((f) => !COMBINED_KINDS.has(f.kind) && !f.place).map((f) => f.key);

/** Every choice a merge makes: one per single-valued field, the place, and the photo. */
export const MERGE_CHOICE_KEYS: [string, ...string[]] = ["photo", ...SINGLE_KEYS, "place"];
export type MergeChoiceKey = (typeof MERGE_CHOICE_KEYS)[number];

export const MERGE_CHOICE_LABELS: Record<string, string> = {
  ...Object.fromEntries(FIELDS.map((f) => [f.key, f.importLabel])),
  birthday: "Birthday",
  rhythm: "Rhythm",
  place: "Place on the map",
  photo: "Photo",
};

/** The fields of `key` a choice carries over. */
export function choiceFieldKeys(key: MergeChoiceKey): string[] {
  if (key === "place") return PLACE_KEYS;
  if (key === "photo") return [];
  return [key];
}

/** One copy as the merge reads it: its fields, when it last changed, whether it has a photo. */
export type MergeSource = {
  id: string;
  updatedAt: string;
  hasPhoto: boolean;
  values: Record<string, unknown>;
};

const isSet = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== "" &&
  !(Array.isArray(value) && value.length === 0);

function hasChoice(source: MergeSource, key: MergeChoiceKey): boolean {
  if (key === "photo") return source.hasPhoto;
  return choiceFieldKeys(key).some((field) => isSet(source.values[field]));
}

function byRecency(sources: readonly MergeSource[]): MergeSource[] {
  return [...sources].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** How much a copy holds: its set fields, each list entry counted. */
function completeness(source: MergeSource): number {
  return FIELDS.reduce((n, { key }) => {
    const value = source.values[key];
    return n + (Array.isArray(value) ? value.length : isSet(value) ? 1 : 0);
  }, 0);
}

/**
 * The default merge: keep the most complete copy (the most recently updated of equals), and for
 * each choice the most recently updated copy that has a value.
 */
export function defaultMergeChoices(sources: readonly MergeSource[]): {
  keepId: string;
  fields: Record<MergeChoiceKey, string>;
} {
  const recent = byRecency(sources);
  const keep = recent.reduce((best, s) => (completeness(s) > completeness(best) ? s : best));
  const fields: Record<string, string> = {};
  for (const key of MERGE_CHOICE_KEYS) {
    fields[key] = (recent.find((s) => hasChoice(s, key)) ?? keep).id;
  }
  return { keepId: keep.id, fields };
}

/**
 * The merged contact's fields: lists and notes combined (the kept copy's first, no repeats),
 * every other field from the copy chosen for it (by default as defaultMergeChoices picks).
 * Answers the values and the choices taken.
 */
export function planMerge(
  sources: readonly MergeSource[],
  keepId: string,
  chosen: Partial<Record<MergeChoiceKey, string>> = {},
): { values: Record<string, unknown>; fields: Record<MergeChoiceKey, string> } {
  const keep = sources.find((s) => s.id === keepId)!;
  const others = sources.filter((s) => s.id !== keepId);
  const fields: Record<MergeChoiceKey, string> = { ...defaultMergeChoices(sources).fields };
  for (const [key, id] of Object.entries(chosen)) if (id) fields[key] = id;
  type Input = Parameters<typeof mergeContact>[0];
  let values = { ...keep.values } as Input;
  for (const other of others) values = mergeContact(values, other.values as Input);
  const merged = values as Record<string, unknown>;
  const byId = new Map(sources.map((s) => [s.id, s]));
  for (const key of MERGE_CHOICE_KEYS) {
    const from = byId.get(fields[key]!) ?? keep;
    for (const field of choiceFieldKeys(key)) merged[field] = from.values[field] ?? null;
  }
  // One number written two ways ("+44 20…", "020…") is one phone: the first spelling stays.
  const phoneKeys = new Set<string>();
  merged.phones = (merged.phones as { value: string; ext?: string }[]).filter((phone) => {
    const key = phoneEntryKey(phone) ?? phone.value;
    if (phoneKeys.has(key)) return false;
    phoneKeys.add(key);
    return true;
  });
  // The combined addresses keep one place at most: the chosen place's, when it has one.
  if (Array.isArray(merged.addresses)) {
    const placeFrom = byId.get(fields.place!) ?? keep;
    const placeAddress = (placeFrom.values.addresses as PostalAddress[] | undefined)?.find(
      (a) => a.isPlace,
    );
    merged.addresses = (merged.addresses as PostalAddress[]).map((address) => ({
      ...address,
      isPlace: Boolean(placeAddress && sameAddress(address, placeAddress)),
    }));
  }
  return { values: merged, fields };
}

function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  return ADDRESS_PARTS.every((part) => a[part].toLowerCase() === b[part].toLowerCase());
}

// ---------------------------------------------------------------- the API's contracts

const IdSchema = z.string({ error: "Give the contact's id" }).min(1, "Give the contact's id");

export const ContactMergeSchema = z
  .object({
    keepId: IdSchema,
    mergeIds: z
      .array(IdSchema, { error: "mergeIds must be a list of contact ids" })
      .min(1, "Choose at least one contact to merge into the one you keep")
      .max(MERGE_MAX, `At most ${MERGE_MAX} contacts can be merged into one at once`),
    /** Which copy each chosen field comes from (by id); the rest follow defaultMergeChoices. */
    fields: z.record(z.string(), IdSchema).optional(),
    /** Each copy's updatedAt as the preview showed it: a copy changed since is refused (409). */
    expectedUpdatedAt: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((merge, ctx) => {
    if (merge.mergeIds.includes(merge.keepId)) {
      ctx.addIssue({
        code: "custom",
        path: ["mergeIds"],
        message: "The contact you keep can't also be one of those merged into it",
      });
    }
    if (new Set(merge.mergeIds).size !== merge.mergeIds.length) {
      ctx.addIssue({ code: "custom", path: ["mergeIds"], message: "A contact is listed twice" });
    }
    const ids = new Set([merge.keepId, ...merge.mergeIds]);
    for (const [key, id] of Object.entries(merge.fields ?? {})) {
      if (!MERGE_CHOICE_KEYS.includes(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["fields", key],
          message: `"${key}" is not a field a merge chooses; choose among ${MERGE_CHOICE_KEYS.join(", ")}`,
        });
      } else if (!ids.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: ["fields", key],
          message: "Each field must come from one of the contacts being merged",
        });
      }
    }
  });
export type ContactMerge = z.output<typeof ContactMergeSchema>;

export const BulkMergeSchema = z
  .object({
    merges: z
      .array(ContactMergeSchema, { error: "merges must be a list of merges" })
      .min(1, "Tick at least one set of duplicates to merge")
      .max(MERGE_MAX, `At most ${MERGE_MAX} merges can be sent at once`),
  })
  .superRefine((bulk, ctx) => {
    const seen = new Set<string>();
    for (const merge of bulk.merges) {
      for (const id of [merge.keepId, ...merge.mergeIds]) {
        if (seen.has(id)) {
          ctx.addIssue({
            code: "custom",
            path: ["merges"],
            message: "A contact can be in only one of the merges sent together",
          });
          return;
        }
        seen.add(id);
      }
    }
  });
export type BulkMerge = z.output<typeof BulkMergeSchema>;

export const BulkMergeResultSchema = z.object({
  contacts: z.array(ContactSchema),
  undoId: z.string(),
});
export type BulkMergeResult = z.infer<typeof BulkMergeResultSchema>;

export const DuplicateGroupSchema = z.object({
  contacts: z.array(ContactSchema),
  reasons: z.array(
    z.object({
      kind: z.enum(["email", "phone", "name", "similarName"]),
      label: z.string(),
      contactIds: z.tuple([z.string(), z.string()]),
    }),
  ),
  score: z.number(),
});
export type DuplicateGroupAnswer = z.infer<typeof DuplicateGroupSchema>;

export const DuplicatesSchema = z.object({ groups: z.array(DuplicateGroupSchema) });
export type Duplicates = z.infer<typeof DuplicatesSchema>;
