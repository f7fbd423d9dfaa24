// Replies to reminders and forwarded mail, read by the assistant into actions on the user's
// contacts (issue 48). The one contract between the readers (built-in or a language model), the
// inbound pipeline that applies or suggests their actions, and the /app/replies screen.
import { z } from "zod";
import { CONTACT_METHODS } from "./contact-methods";

export const REPLY_CHANNELS = ["email", "sms", "forward", "telegram", "whatsapp"] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

export const REPLY_ACTION_KINDS = [
  "interaction",
  "snooze",
  "birthday",
  "place",
  "phone",
  "email",
  "note",
] as const;
export type ReplyActionKind = (typeof REPLY_ACTION_KINDS)[number];

export const REPLY_ACTION_STATUSES = ["applied", "suggested", "dismissed"] as const;
export type ReplyActionStatus = (typeof REPLY_ACTION_STATUSES)[number];

/** Longest reply text kept and read (the rest of a long mail is quoted history or signature). */
export const REPLY_TEXT_MAX = 5_000;

const Day = z.iso.date();

/**
 * What an action does, by kind. `interaction`: logged on `date` (YYYY-MM-DD in the user's zone)
 * by `channel` with an optional `note`; `snooze`: until `until`; `birthday`: day and month, the
 * year when known; `place`: a place name for the gazetteer (`placeId` once resolved); `phone`
 * and `email`: a value to add; `note`: text to add to the contact's notes.
 */
export const ReplyActionDetailsSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("interaction"),
    date: Day,
    channel: z.enum(CONTACT_METHODS).nullable(),
    note: z.string().max(2_000).nullable(),
  }),
  z.object({ kind: z.literal("snooze"), until: Day }),
  z.object({
    kind: z.literal("birthday"),
    day: z.number().int().min(1).max(31),
    month: z.number().int().min(1).max(12),
    year: z.number().int().min(1800).max(2200).nullable(),
  }),
  z.object({
    kind: z.literal("place"),
    name: z.string().min(1).max(200),
    placeId: z.string().nullable(),
  }),
  z.object({ kind: z.literal("phone"), value: z.string().min(1).max(60) }),
  z.object({ kind: z.literal("email"), value: z.string().min(3).max(254) }),
  z.object({ kind: z.literal("note"), text: z.string().min(1).max(2_000) }),
]);
export type ReplyActionDetails = z.infer<typeof ReplyActionDetailsSchema>;

/**
 * What a reader proposes: an action and who it is for. `contactId` is set only when the words
 * name exactly one of the user's contacts; otherwise `candidateIds` lists the contacts the name
 * fits (two or more), or `name` is a person the user does not have yet. `sure` is the reader's
 * own view: the pipeline applies an action at once only when it is sure, names one contact, and
 * (for an interaction) the day is today or in the past; everything else becomes a suggestion.
 */
export const ProposedActionSchema = z.object({
  details: ReplyActionDetailsSchema,
  contactId: z.string().nullable(),
  candidateIds: z.array(z.string()).max(20).default([]),
  /** The name as written in the reply ("grace", "Dr. Hopper"). */
  name: z.string().max(200).nullable(),
  sure: z.boolean(),
  /** The words the action was read from, shown beside it on /app/replies. */
  evidence: z.string().max(500),
});
export type ProposedAction = z.infer<typeof ProposedActionSchema>;

/** A reader's whole answer: what the model is asked to give, validated before anything is used. */
export const ReaderAnswerSchema = z.object({ actions: z.array(ProposedActionSchema).max(50) });
export type ReaderAnswer = z.infer<typeof ReaderAnswerSchema>;

/** What a reader gets: the reply's own words and what it needs to know of the user. */
export type ReaderInput = {
  /** The reply's own text: quoted history and signatures already removed. */
  text: string;
  /** When it arrived, and the user's time zone: "yesterday" is the user's yesterday. */
  receivedAt: Date;
  timeZone: string;
  contacts: ReaderContact[];
  /**
   * The digest replied to, line by line in its order: "2" is everyone its second line named (a
   * household's line names several), "all" and "done" everyone in it.
   */
  digestLines: string[][];
};

/**
 * A delivery's numbered lines from its people and how many each line named. Without sizes that
 * add up to its people, each person was a line of their own.
 */
export function digestLinesOf(
  contactIds: readonly string[],
  lineSizes: readonly number[] | null,
): string[][] {
  const total = lineSizes?.reduce((sum, n) => sum + n, 0);
  if (
    !lineSizes ||
    total !== contactIds.length ||
    lineSizes.some((n) => !Number.isInteger(n) || n < 1)
  )
    return contactIds.map((id) => [id]);
  let at = 0;
  return lineSizes.map((n) => contactIds.slice(at, (at += n)));
}

export type ReaderContact = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  company: string | null;
  emails: string[];
};

/** An action as the API answers it. */
export const ReplyActionSchema = z.object({
  id: z.string(),
  kind: z.enum(REPLY_ACTION_KINDS),
  contactId: z.string().nullable(),
  /** The contact's display name, or the name as written when there is no one contact. */
  contactName: z.string().nullable(),
  candidates: z.array(z.object({ id: z.string(), name: z.string() })),
  status: z.enum(REPLY_ACTION_STATUSES),
  details: ReplyActionDetailsSchema,
  evidence: z.string(),
  /** Set while an applied action can still be undone. */
  undoId: z.string().nullable(),
});
export type ReplyAction = z.infer<typeof ReplyActionSchema>;

export const ReplySchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  channel: z.enum(REPLY_CHANNELS),
  /** Who sent it (the user's own address or number) and, for mail, its subject. */
  from: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  /** "builtin" or the model's name: which reader read it. */
  readBy: z.string(),
  actions: z.array(ReplyActionSchema),
});
export type Reply = z.infer<typeof ReplySchema>;

export const ReplyListSchema = z.object({
  items: z.array(ReplySchema),
  /** Suggestions still waiting for Accept or Dismiss, over all replies (the bell's count). */
  pendingCount: z.number(),
});

/** Accept, or Edit then accept: a suggestion applied as it is, or with another contact or details. */
export const AcceptReplyActionSchema = z.object({
  contactId: z.string().optional(),
  details: ReplyActionDetailsSchema.optional(),
});
export type AcceptReplyAction = z.input<typeof AcceptReplyActionSchema>;

/** Settings → "Log by email": what inbound mail is set up and which reader reads replies. */
export const InboundSettingsSchema = z.object({
  /** Inbound mail is configured on this server (a listener, a mailbox or a provider webhook). */
  mailEnabled: z.boolean(),
  /** The user's private forwarding address; null when inbound mail is not configured. */
  forwardingAddress: z.string().nullable(),
  /** SMS replies are configured (Twilio's incoming webhook). */
  smsEnabled: z.boolean(),
  /** "builtin" (on this machine) or the model in use (AI_MODEL at AI_API_URL's host). */
  reader: z.object({ kind: z.enum(["builtin", "model"]), label: z.string() }),
});
export type InboundSettings = z.infer<typeof InboundSettingsSchema>;

/**
 * Never the wrong person: an action is applied at once only when its reader is sure, it names
 * exactly one of the user's contacts, and an interaction's day is not after `today` (the user's
 * today, YYYY-MM-DD); everything else waits as a suggestion.
 */
export function proposedStatus(
  action: ProposedAction,
  today: string,
  userContactIds: ReadonlySet<string>,
): "applied" | "suggested" {
  if (!action.sure || !action.contactId || !userContactIds.has(action.contactId))
    return "suggested";
  if (action.details.kind === "interaction" && action.details.date > today) return "suggested";
  return "applied";
}
