// Households: what the API takes and answers, and how a household is named in a reminder
// ("The Carters (Sam and Jo)").
import { z } from "zod";
import { ContactSchema } from "./contacts";

export { householdLabel, joinNames } from "./household-names";

export const HOUSEHOLD_NAME_MAX = 100;
/** A household is people seen together at one door; more than this is a group, not a household. */
export const HOUSEHOLD_MEMBERS_MAX = 20;

const NameSchema = z
  .string({ error: "Give the household a name, like “The Carters”" })
  .trim()
  .min(1, "Give the household a name, like “The Carters”")
  .max(HOUSEHOLD_NAME_MAX, `A household's name can be at most ${HOUSEHOLD_NAME_MAX} characters`);

const MembersSchema = z
  .array(z.string({ error: "Each member is a contact's id" }), {
    error: "List the household's people as contactIds: an array of contact ids",
  })
  .min(1, "Put at least one person in the household")
  .max(HOUSEHOLD_MEMBERS_MAX, `A household can have at most ${HOUSEHOLD_MEMBERS_MAX} people`)
  .transform((ids) => [...new Set(ids)]);

export const HouseholdInputSchema = z.object({ name: NameSchema, contactIds: MembersSchema });
export type HouseholdInput = z.input<typeof HouseholdInputSchema>;

export const HouseholdPatchSchema = z
  .object({ name: NameSchema.optional(), contactIds: MembersSchema.optional() })
  .refine((v) => v.name !== undefined || v.contactIds !== undefined, {
    message: "Send a new name, new contactIds, or both",
  });
export type HouseholdPatch = z.input<typeof HouseholdPatchSchema>;

export const HouseholdMemberSchema = z.object({ id: z.string(), name: z.string() });
export type HouseholdMember = z.infer<typeof HouseholdMemberSchema>;

export const HouseholdSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Everyone in it, by name. */
  members: z.array(HouseholdMemberSchema),
});
export type Household = z.infer<typeof HouseholdSchema>;

export const HouseholdListSchema = z.object({ items: z.array(HouseholdSchema) });
export type HouseholdList = z.infer<typeof HouseholdListSchema>;

/** One contact as its page reads it: with the household they are in (everyone in it), or null. */
export const ContactDetailSchema = ContactSchema.extend({ household: HouseholdSchema.nullable() });
export type ContactDetail = z.infer<typeof ContactDetailSchema>;
