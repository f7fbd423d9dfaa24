// The addresses inbound mail arrives at, and who each one belongs to: reply+<token>@ for a
// digest (signed, 30 days), log+<token>@ for the user's private forwarding address (stored,
// regenerable). Anything else at INBOUND_DOMAIN, or any other domain, is nobody's.
import { and, desc as sqlDesc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { digestLinesOf } from "../../../core/replies";
import { inboundAddresses, reminderDeliveries } from "../../db/schema/index";
import type { Env } from "../../env";
import {
  createReplyToken,
  isReplyTokenSigned,
  newForwardToken,
  readReplyToken,
  REPLY_TOKEN_TTL_MS,
} from "./reply-tokens";

type Executor = Db | Tx;

/** Inbound mail is configured: the SMTP listener (IMAP and a provider webhook may join it). */
export function isInboundMailEnabled(env: Env): boolean {
  return (
    env.INBOUND_SMTP_PORT !== undefined ||
    Boolean(env.INBOUND_IMAP_URL) ||
    Boolean(env.MAILGUN_WEBHOOK_SIGNING_KEY)
  );
}

/** Texts are read: Twilio's incoming webhook can be verified with the account's token. */
export function isSmsReplyEnabled(env: Env): boolean {
  return Boolean(env.TWILIO_AUTH_TOKEN);
}

/** A digest's Reply-To, or null when inbound mail is off. */
export function digestReplyAddress(
  env: Env,
  options: { deliveryId: string; userId: string; now: Date },
): string | null {
  if (!isInboundMailEnabled(env)) return null;
  const token = createReplyToken(env.AUTH_SECRET, {
    deliveryId: options.deliveryId,
    userId: options.userId,
    expiresAt: new Date(options.now.getTime() + REPLY_TOKEN_TTL_MS),
  });
  return `reply+${token}@${env.INBOUND_DOMAIN}`;
}

export function forwardingAddressOf(env: Env, token: string): string {
  return `log+${token}@${env.INBOUND_DOMAIN}`;
}

/** An address at INBOUND_DOMAIN split into its kind and token, or null. */
export function parseInboundAddress(
  env: Env,
  address: string,
): { kind: "reply" | "forward"; token: string } | null {
  const match = /^(reply|log)\+([a-z2-7]{16,64})@([^@\s]+)$/i.exec(address.trim());
  if (!match || match[3]!.toLowerCase() !== env.INBOUND_DOMAIN) return null;
  return { kind: match[1]!.toLowerCase() === "reply" ? "reply" : "forward", token: match[2]! };
}

export type InboundTarget =
  | { kind: "reply"; userId: string; deliveryId: string; digestLines: string[][] }
  | { kind: "forward"; userId: string };

export type RecipientCheck =
  { ok: true; target: InboundTarget } | { ok: false; reason: "unknown" | "invalid" | "expired" };

/** Whose this address is: checked at RCPT time, and again for each message. */
export async function resolveRecipient(
  db: Executor,
  env: Env,
  address: string,
  now: Date,
): Promise<RecipientCheck> {
  const parsed = parseInboundAddress(env, address);
  if (!parsed) return { ok: false, reason: "unknown" };
  const token = parsed.token.toLowerCase();
  if (parsed.kind === "forward") {
    const [row] = await db
      .select({ userId: inboundAddresses.userId })
      .from(inboundAddresses)
      .where(eq(inboundAddresses.forwardToken, token));
    return row
      ? { ok: true, target: { kind: "forward", userId: row.userId } }
      : { ok: false, reason: "unknown" };
  }
  const claims = readReplyToken(token);
  if (!claims) return { ok: false, reason: "invalid" };
  const [delivery] = await db
    .select({
      userId: reminderDeliveries.userId,
      contactIds: reminderDeliveries.contactIds,
      lineSizes: reminderDeliveries.lineSizes,
    })
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.id, claims.deliveryId));
  if (!delivery || !isReplyTokenSigned(env.AUTH_SECRET, token, delivery.userId))
    return { ok: false, reason: "invalid" };
  if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    target: {
      kind: "reply",
      userId: delivery.userId,
      deliveryId: claims.deliveryId,
      digestLines: digestLinesOf(delivery.contactIds ?? [], delivery.lineSizes),
    },
  };
}

/** The user's forwarding address, made on first use. */
export async function getForwardingAddress(db: Db, env: Env, userId: string): Promise<string> {
  const [row] = await db
    .select({ token: inboundAddresses.forwardToken })
    .from(inboundAddresses)
    .where(eq(inboundAddresses.userId, userId));
  if (row) return forwardingAddressOf(env, row.token);
  const [made] = await db
    .insert(inboundAddresses)
    .values({ userId, forwardToken: newForwardToken() })
    .onConflictDoNothing()
    .returning({ token: inboundAddresses.forwardToken });
  if (made) return forwardingAddressOf(env, made.token);
  return getForwardingAddress(db, env, userId);
}

/** A new forwarding address; the old one stops working at once. */
export async function regenerateForwardingAddress(
  db: Db,
  env: Env,
  userId: string,
): Promise<string> {
  const token = newForwardToken();
  await db
    .insert(inboundAddresses)
    .values({ userId, forwardToken: token })
    .onConflictDoUpdate({
      target: inboundAddresses.userId,
      set: { forwardToken: token, createdAt: new Date() },
    });
  return forwardingAddressOf(env, token);
}

/** The lines of the user's most recent text digest, for a texted "1 2" or "all done". */
export async function latestSmsDigest(
  db: Executor,
  userId: string,
): Promise<{ deliveryId: string; digestLines: string[][] } | null> {
  const [row] = await db
    .select({
      id: reminderDeliveries.id,
      contactIds: reminderDeliveries.contactIds,
      lineSizes: reminderDeliveries.lineSizes,
    })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, userId),
        eq(reminderDeliveries.channel, "sms"),
        inArray(reminderDeliveries.status, ["queued", "sent"]),
      ),
    )
    .orderBy(sqlDesc(reminderDeliveries.createdAt))
    .limit(1);
  return row
    ? { deliveryId: row.id, digestLines: digestLinesOf(row.contactIds ?? [], row.lineSizes) }
    : null;
}
