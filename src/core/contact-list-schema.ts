// The contact list's query and answer as the API validates and documents them (the rules they
// feed: contact-list.ts, free of zod for the contacts screen).
import { z } from "zod";
import { CONTACT_SORTS } from "./contact-list";
import { ContactSchema } from "./contacts";
import { DUE_STATES } from "./rhythm";

export const ContactListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  state: z.enum(DUE_STATES).optional(),
  tag: z.string().max(50).optional(),
  /** A rhythm key ("1-week", "3-month") or "none". */
  rhythm: z.string().max(20).optional(),
  /** A country code (GB) or a country name, either case. */
  country: z.string().max(100).optional(),
  /** Archived contacts are listed only when asked for, and then only they. */
  archived: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
  sort: z.enum(CONTACT_SORTS).optional(),
});
export type ContactListQuery = z.input<typeof ContactListQuerySchema>;

/** A validated query, as selectContacts takes it. */
export type ContactListSelection = z.output<typeof ContactListQuerySchema>;

export const ContactListSchema = z.object({
  items: z.array(ContactSchema),
  /** Per state, over the contacts that pass every filter except the state. */
  counts: z.object({
    all: z.number(),
    overdue: z.number(),
    due_soon: z.number(),
    on_track: z.number(),
    no_rhythm: z.number(),
  }),
  /** Every stored contact of the user, archived included (they count towards the limit). */
  total: z.number(),
  limit: z.number(),
  /** Today in the user's time zone, so relative dates agree with the server's states. */
  today: z.string(),
  timeZone: z.string(),
});
export type ContactList = z.infer<typeof ContactListSchema>;
