// Binding a Telegram chat to an account: Settings asks for a start link (a one-use token, kept
// only as its hash, valid 15 minutes); the chat that presses Start with it becomes the channel's
// address. One chat serves one account; /stop in the chat unbinds it.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reminderChannels } from "../../db/schema/index";
import { findPgError } from "../../lib/db-errors";
import { saveChannel, type ChannelRow } from "./channels.service";

export const TELEGRAM_LINK_TTL_MS = 15 * 60_000;

function hashConnectToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new start link replaces any earlier one. A connected chat keeps getting reminders until the
 * link is used: then whichever chat used it is the one bound.
 */
export async function createConnectToken(
  db: Db,
  input: { userId: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  // 24 random bytes: 32 base64url characters, well inside /start's 64-character payload.
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + TELEGRAM_LINK_TTL_MS);
  const pending = { connectTokenHash: hashConnectToken(token), connectExpiresAt: expiresAt };
  await db
    .insert(reminderChannels)
    .values({ userId: input.userId, kind: "telegram", ...pending })
    .onConflictDoUpdate({ target: [reminderChannels.userId, reminderChannels.kind], set: pending });
  return { token, expiresAt };
}

export type BindOutcome =
  { status: "bound"; row: ChannelRow } | { status: "invalid" } | { status: "taken" };

/** Binds the chat to the account whose unexpired token this is; the token works once. */
export async function bindChat(
  db: Db,
  input: { token: string; chatId: string; label: string; now: Date },
): Promise<BindOutcome> {
  const hash = hashConnectToken(input.token);
  const row = await findTelegramRow(
    db,
    and(
      eq(reminderChannels.connectTokenHash, hash),
      gt(reminderChannels.connectExpiresAt, input.now),
    ),
  );
  if (!row) return { status: "invalid" };
  const owner = await findChatOwner(db, input.chatId);
  if (owner && owner.userId !== row.userId) return { status: "taken" };
  try {
    return await db.transaction(async (tx): Promise<BindOutcome> => {
      // Clearing the hash claims the token: it works once, even for two presses at once.
      const claimed = await tx
        .update(reminderChannels)
        .set({ connectTokenHash: null, connectExpiresAt: null })
        .where(and(eq(reminderChannels.id, row.id), eq(reminderChannels.connectTokenHash, hash)))
        .returning({ id: reminderChannels.id });
      if (claimed.length === 0) return { status: "invalid" };
      const bound = await saveChannel(tx, {
        userId: row.userId,
        kind: "telegram",
        address: input.chatId,
        label: input.label,
        secret: null,
        now: input.now,
      });
      return { status: "bound", row: bound };
    });
  } catch (error) {
    // Another account bound this chat at the same moment (the token stays unused).
    if (findPgError(error)?.code === "23505") return { status: "taken" };
    throw error;
  }
}

/** The connected channel this chat is bound to, if any. */
export async function findChatOwner(db: Db, chatId: string): Promise<ChannelRow | undefined> {
  return findTelegramRow(
    db,
    and(eq(reminderChannels.address, chatId), isNotNull(reminderChannels.connectedAt)),
  );
}

async function findTelegramRow(db: Db, where: SQL | undefined): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(reminderChannels)
    .where(and(eq(reminderChannels.kind, "telegram"), where));
  return row;
}

/** /stop: the chat's account gets no more reminders here. */
export async function unbindChat(db: Db, chatId: string): Promise<boolean> {
  const removed = await db
    .delete(reminderChannels)
    .where(and(eq(reminderChannels.kind, "telegram"), eq(reminderChannels.address, chatId)))
    .returning({ id: reminderChannels.id });
  return removed.length > 0;
}
