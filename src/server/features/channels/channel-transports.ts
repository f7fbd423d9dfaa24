// The outbox's transports for chat channels: each reads the channel a message goes to (the
// outbox row holds its id, not its address, so a changed or removed channel is never sent to
// by an old row) and hands the message to the channel's sender, which renders it its own way.
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  CHAT_CHANNEL_KINDS,
  CHAT_CHANNEL_LABELS,
  type ChatChannelKind,
  type ChatMessage,
} from "../../../core/chat-channels";
import type { Db } from "../../db/client";
import { reminderChannels } from "../../db/schema/index";
import type { Env } from "../../env";
import { DeliveryError, type OutboxRow, type Transport } from "../outbox/outbox.public";
import type { ChannelRow } from "./channels.service";

/** Delivers one chat message to one connected channel; throws DeliveryError on failure. */
export type ChatSender = {
  /** Recorded as the outbox row's transport. */
  name: string;
  /** `messageId` is the outbox row's id: the same on every retry of this message. */
  send: (message: ChatMessage, channel: ChannelRow, meta: { messageId: string }) => Promise<void>;
  close?: () => void;
};

export type ChatSenderDeps = { db: Db; env: Env; log: FastifyBaseLogger };

/** Each kind's sender, or null when this installation has not set that kind up. */
export type ChatSenderFactory = (deps: ChatSenderDeps) => ChatSender | null;

function notSetUp(kind: ChatChannelKind): ChatSender {
  return {
    name: kind,
    send: async () => {
      throw new DeliveryError(
        `${CHAT_CHANNEL_LABELS[kind]} is not set up on this server any more.`,
        true,
      );
    },
  };
}

export function createChatTransports(
  deps: ChatSenderDeps,
  factories: Partial<Record<ChatChannelKind, ChatSenderFactory>>,
): Record<ChatChannelKind, Transport> {
  const entries = CHAT_CHANNEL_KINDS.map((kind) => {
    const sender = factories[kind]?.(deps) ?? notSetUp(kind);
    const transport: Transport = {
      name: sender.name,
      async send(row: OutboxRow) {
        const channel = await channelOf(deps.db, row, kind);
        if (!row.payload || row.payload.kind === "notice") {
          throw new DeliveryError("The message has no content to send.", true);
        }
        await sender.send(row.payload, channel, { messageId: row.id });
      },
      close: () => sender.close?.(),
    };
    return [kind, transport] as const;
  });
  return Object.fromEntries(entries) as Record<ChatChannelKind, Transport>;
}

async function channelOf(db: Db, row: OutboxRow, kind: ChatChannelKind): Promise<ChannelRow> {
  const [channel] = row.userId
    ? await db
        .select()
        .from(reminderChannels)
        .where(
          and(
            eq(reminderChannels.id, row.to),
            eq(reminderChannels.userId, row.userId),
            eq(reminderChannels.kind, kind),
          ),
        )
    : [];
  if (!channel?.connectedAt || !channel.address) {
    throw new DeliveryError(`${CHAT_CHANNEL_LABELS[kind]} was disconnected.`, true);
  }
  return channel;
}
