// Chat channels (issue 49): the places besides email or text where a user's reminder also goes —
// Telegram, WhatsApp, ntfy and a webhook of their own. The contract between Settings, the digest
// writer (which puts a ChatMessage in the outbox) and each channel's transport (which renders it
// in the chat's own terms: inline buttons, quick replies, ntfy actions, a signed JSON body).
import { z } from "zod";

export const CHAT_CHANNEL_KINDS = ["telegram", "whatsapp", "ntfy", "webhook"] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];

export const CHAT_CHANNEL_LABELS: Record<ChatChannelKind, string> = {
  telegram: "Telegram",
  whatsapp: "WhatsApp",
  ntfy: "ntfy",
  webhook: "Webhook",
};

export function isChatChannelKind(value: string): value is ChatChannelKind {
  return (CHAT_CHANNEL_KINDS as readonly string[]).includes(value);
}

/** One person in a chat digest, with the signed one-tap links its buttons use. */
export type ChatPerson = {
  contactId: string;
  name: string;
  /** "Due today", "3 days overdue · last: call on 2 Nov". */
  line: string;
  markContactedUrl: string;
  snoozeUrl: string;
};

/** A chat channel's message as data; each transport renders it in its own terms. */
export type ChatMessage = {
  kind: "digest" | "answer";
  /** The whole message as plain text (the fallback every channel can show). */
  text: string;
  /** A short title ("3 people are due"), for channels with one (ntfy, a webhook). */
  title: string;
  /** The digest's people in its order, with their buttons (empty for an answer). */
  people: ChatPerson[];
  /** Where "Open Tend" goes. */
  openUrl: string;
  isTest: boolean;
  /** The reminder delivery this message carries (ties button presses and replies to it). */
  deliveryId: string | null;
  /** When the digest was written, as ISO 8601 (the webhook body's `createdAt`). */
  createdAt: string;
};

export const CHAT_CHANNEL_STATUSES = ["pending", "active", "suspended"] as const;

export const ChatChannelSchema = z.object({
  kind: z.enum(CHAT_CHANNEL_KINDS),
  /** pending: waiting for the chat to confirm (Telegram's start link); suspended: 24 h failing. */
  status: z.enum(CHAT_CHANNEL_STATUSES),
  label: z.string().nullable(),
  connectedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The webhook's signing secret, for the receiver to check `Tend-Signature`; null otherwise. */
  secret: z.string().nullable(),
});
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

export const ChatChannelsSchema = z.object({
  channels: z.array(ChatChannelSchema),
  /** Which kinds this installation can offer (a bot or an app is configured). */
  available: z.object({
    telegram: z.boolean(),
    whatsapp: z.boolean(),
    ntfy: z.boolean(),
    webhook: z.boolean(),
  }),
});
export type ChatChannels = z.infer<typeof ChatChannelsSchema>;
