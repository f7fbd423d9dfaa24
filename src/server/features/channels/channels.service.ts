// The chat channels a user connected (issue 49): what Settings lists, which ones a digest goes
// to, disconnecting, and what a delivery's outcome means for the channel — 24 hours of
// permanent failure suspend it (as with text reminders), any success resets that.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  CHAT_CHANNEL_KINDS,
  CHAT_CHANNEL_LABELS,
  isChatChannelKind,
  type ChatChannel,
  type ChatChannelKind,
  type ChatChannels,
} from "../../../core/chat-channels";
import type { Db, Tx } from "../../db/client";
import { reminderChannels } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { notifyUsers } from "../notifications/notifications.public";

export type ChannelRow = typeof reminderChannels.$inferSelect;
export type ActiveChatChannel = { id: string; userId: string; kind: ChatChannelKind };

export const CHAT_SUSPEND_AFTER_MS = 24 * 3_600_000;

export function isTelegramConfigured(env: Env): boolean {
  return Boolean(env.TELEGRAM_BOT_TOKEN);
}

export function isWhatsAppConfigured(env: Env): boolean {
  return Boolean(
    env.WHATSAPP_TOKEN &&
    env.WHATSAPP_PHONE_NUMBER_ID &&
    env.WHATSAPP_APP_SECRET &&
    env.WHATSAPP_VERIFY_TOKEN &&
    env.WHATSAPP_TEMPLATE,
  );
}

export function availableChatChannels(env: Env): ChatChannels["available"] {
  return {
    telegram: isTelegramConfigured(env),
    whatsapp: isWhatsAppConfigured(env),
    ntfy: true,
    webhook: true,
  };
}

/**
 * Connected and not suspended: where a scheduled digest goes besides email or text. A test may
 * go to a suspended one: it is how the user checks it works again (a success resumes it).
 */
export async function listActiveChatChannels(
  db: Db | Tx,
  userIds: string[],
  options: { includeSuspended?: boolean } = {},
): Promise<Map<string, ActiveChatChannel[]>> {
  const byUser = new Map<string, ActiveChatChannel[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      id: reminderChannels.id,
      userId: reminderChannels.userId,
      kind: reminderChannels.kind,
    })
    .from(reminderChannels)
    .where(
      and(
        inArray(reminderChannels.userId, [...new Set(userIds)]),
        isNotNull(reminderChannels.connectedAt),
        isNotNull(reminderChannels.address),
        options.includeSuspended ? undefined : isNull(reminderChannels.suspendedAt),
      ),
    );
  for (const row of rows) {
    if (!isChatChannelKind(row.kind)) continue;
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, userId: row.userId, kind: row.kind });
    byUser.set(row.userId, list);
  }
  return byUser;
}

export function toChatChannel(row: ChannelRow, now: Date): ChatChannel | null {
  if (!isChatChannelKind(row.kind)) return null;
  const isPending = !row.connectedAt;
  // A start link that ran out is as good as never asked for.
  if (isPending && (!row.connectExpiresAt || row.connectExpiresAt <= now)) return null;
  return {
    kind: row.kind,
    status: isPending ? "pending" : row.suspendedAt ? "suspended" : "active",
    label: row.label,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    lastError: row.lastError,
    // The ntfy token is the user's credential for their server: never shown back.
    secret: row.kind === "webhook" ? row.secret : null,
  };
}

export async function listChatChannels(
  db: Db,
  env: Env,
  userId: string,
  now: Date,
): Promise<ChatChannels> {
  const rows = await db.select().from(reminderChannels).where(eq(reminderChannels.userId, userId));
  const channels = CHAT_CHANNEL_KINDS.flatMap((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const channel = row ? toChatChannel(row, now) : null;
    return channel ? [channel] : [];
  });
  return { channels, available: availableChatChannels(env) };
}

export function parseChatKind(kind: string): ChatChannelKind {
  if (!isChatChannelKind(kind)) {
    throw new AppError(
      "NOT_FOUND",
      `There is no reminder channel called “${kind.slice(0, 40)}”. Choose Telegram, WhatsApp, ntfy or Webhook.`,
    );
  }
  return kind;
}

export async function getChannelRow(
  db: Db | Tx,
  userId: string,
  kind: ChatChannelKind,
): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(reminderChannels)
    .where(and(eq(reminderChannels.userId, userId), eq(reminderChannels.kind, kind)));
  return row ?? null;
}

/** The connected channel of this kind, or a message saying how to connect it. */
export async function requireConnected(
  db: Db | Tx,
  userId: string,
  kind: ChatChannelKind,
): Promise<ChannelRow> {
  const row = await getChannelRow(db, userId, kind);
  if (!row?.connectedAt || !row.address) {
    throw new AppError(
      "NOT_FOUND",
      `${CHAT_CHANNEL_LABELS[kind]} is not connected. Connect it in Settings → Reminders first.`,
    );
  }
  return row;
}

/**
 * Connects (or reconnects) a channel of this kind with its address: a new address replaces the
 * old one and starts with a clean record (not suspended, not failing).
 */
export async function saveChannel(
  db: Db | Tx,
  input: {
    userId: string;
    kind: ChatChannelKind;
    address: string;
    label: string;
    secret: string | null;
    now: Date;
  },
): Promise<ChannelRow> {
  const values = {
    address: input.address,
    label: input.label,
    secret: input.secret,
    connectTokenHash: null,
    connectExpiresAt: null,
    connectedAt: input.now,
    failingSince: null,
    suspendedAt: null,
    lastError: null,
  };
  const [row] = await db
    .insert(reminderChannels)
    .values({ userId: input.userId, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [reminderChannels.userId, reminderChannels.kind], set: values })
    .returning();
  return row!;
}

/** Stops reminders on this channel; digests already queued for it fail as disconnected. */
export async function disconnectChannel(
  db: Db | Tx,
  userId: string,
  kind: ChatChannelKind,
): Promise<boolean> {
  const removed = await db
    .delete(reminderChannels)
    .where(and(eq(reminderChannels.userId, userId), eq(reminderChannels.kind, kind)))
    .returning({ id: reminderChannels.id });
  return removed.length > 0;
}

/** A message went through: whatever was failing is over. */
export async function recordChannelsDelivered(tx: Tx, channelIds: string[]): Promise<void> {
  if (channelIds.length === 0) return;
  await tx
    .update(reminderChannels)
    .set({ failingSince: null, suspendedAt: null, lastError: null })
    .where(
      and(
        inArray(reminderChannels.id, [...new Set(channelIds)]),
        sql`(${reminderChannels.failingSince} is not null or ${reminderChannels.suspendedAt} is not null or ${reminderChannels.lastError} is not null)`,
      ),
    );
}

/**
 * A permanent failure: the channel keeps being tried until it has failed for good for a whole
 * day, then it is suspended (the other channels go on) and the user is told.
 */
export async function recordChannelFailure(
  tx: Tx,
  channelId: string,
  failure: { now: Date; error: string },
): Promise<void> {
  const [row] = await tx
    .update(reminderChannels)
    .set({
      failingSince: sql`coalesce(${reminderChannels.failingSince}, ${failure.now.toISOString()}::timestamptz)`,
      lastError: failure.error.slice(0, 300),
    })
    .where(eq(reminderChannels.id, channelId))
    .returning();
  if (!row?.failingSince || row.suspendedAt || !isChatChannelKind(row.kind)) return;
  if (failure.now.getTime() - row.failingSince.getTime() < CHAT_SUSPEND_AFTER_MS) return;
  await tx
    .update(reminderChannels)
    .set({ suspendedAt: failure.now })
    .where(eq(reminderChannels.id, channelId));
  const name = CHAT_CHANNEL_LABELS[row.kind];
  await notifyUsers(tx, [
    {
      userId: row.userId,
      type: "SYSTEM_ALERT",
      title: `${name} reminders are paused`,
      content: `<p>Your reminders could not be delivered to ${name} for a whole day, so we stopped sending them there. Your other reminders go on. Check it in Settings and connect it again to resume.</p>`,
      link: "/app/settings#reminders",
      metadata: { channel: row.kind },
    },
  ]);
}
