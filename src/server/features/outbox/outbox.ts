// The one outbox for mail and SMS. Writers insert rows, in their own transaction
// when they have one; senders claim due rows with a lease (FOR UPDATE SKIP LOCKED, so any number
// of processes share the work and none sends a row another holds), deliver them after the
// writing transaction has committed, and record the outcome: sent, retried with capped
// exponential backoff, or dead-lettered after the last try.
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { ChatChannelKind, ChatMessage } from "../../../core/chat-channels";
import type { PushNotice } from "../../../core/push";
import type { Db, Tx } from "../../db/client";
import { outbox } from "../../db/schema/index";

export type OutboxRow = typeof outbox.$inferSelect;

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  userId?: string | null;
  headers?: Record<string, string>;
  deliveryId?: string | null;
};

export type OutgoingSms = {
  to: string;
  body: string;
  kind: string;
  userId?: string | null;
  deliveryId?: string | null;
};

/** A claimed row not finished within this is taken over by another sender (a crash). */
export const LEASE_MS = 2 * 60_000;
/** Tries before a message is dead-lettered (about a day and a half of retries in all). */
export const MAX_ATTEMPTS = 12;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 4 * 3_600_000;

/** Wait before try `attempts + 1`: 30 s, 1 min, 2 min … capped at 4 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

export function mailRow(mail: OutgoingMail) {
  return {
    channel: "email",
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers ?? {},
    userId: mail.userId ?? null,
    deliveryId: mail.deliveryId ?? null,
  } satisfies typeof outbox.$inferInsert;
}

export function smsRow(sms: OutgoingSms) {
  return {
    channel: "sms",
    kind: sms.kind,
    to: sms.to,
    text: sms.body,
    userId: sms.userId ?? null,
    deliveryId: sms.deliveryId ?? null,
  } satisfies typeof outbox.$inferInsert;
}

export type OutgoingChat = {
  channel: ChatChannelKind;
  /** The reminder_channels row it goes to: its transport reads the address when it sends. */
  channelId: string;
  message: ChatMessage;
  kind: string;
  userId: string;
  deliveryId?: string | null;
};

export function chatRow(chat: OutgoingChat) {
  return {
    channel: chat.channel,
    kind: chat.kind,
    to: chat.channelId,
    text: chat.message.text,
    payload: chat.message,
    userId: chat.userId,
    deliveryId: chat.deliveryId ?? null,
  } satisfies typeof outbox.$inferInsert;
}

export type OutgoingPush = {
  /** The push_subscriptions row it goes to: its transport reads the endpoint and keys. */
  subscriptionId: string;
  message: ChatMessage | PushNotice;
  kind: string;
  userId: string;
  deliveryId?: string | null;
};

export function pushRow(push: OutgoingPush) {
  return {
    channel: "push",
    kind: push.kind,
    to: push.subscriptionId,
    text: push.message.text,
    payload: push.message,
    userId: push.userId,
    deliveryId: push.deliveryId ?? null,
  } satisfies typeof outbox.$inferInsert;
}

// New rows are due at once whatever the senders' clock says (tests and browser tests move it).
const DUE_AT_ONCE = new Date(0);

export async function enqueue(
  db: Db | Tx,
  rows: (typeof outbox.$inferInsert)[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(outbox)
    .values(rows.map((row) => ({ nextAttemptAt: DUE_AT_ONCE, ...row })))
    .returning({ id: outbox.id });
  return inserted.map((r) => r.id);
}

/** Claims up to `limit` rows that are due, or whose sender's lease has run out. */
export async function claimDue(
  db: Db,
  options: { now: Date; limit: number },
): Promise<OutboxRow[]> {
  const { now, limit } = options;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)),
        and(eq(outbox.status, "sending"), lte(outbox.leaseExpiresAt, now)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      leaseExpiresAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Records rows as sent, all in one statement (the sender records them in groups). */
export async function markSent(
  db: Db | Tx,
  rows: readonly OutboxRow[],
  options: { now: Date; transportOf: (row: OutboxRow) => string },
): Promise<void> {
  if (rows.length === 0) return;
  const sent = rows.map((row) => sql`(${row.id}::uuid, ${options.transportOf(row)})`);
  await db.execute(sql`
    update ${outbox} as o
    set status = 'sent', sent_at = ${options.now.toISOString()}::timestamptz,
      transport = v.transport, last_error = null, failure = null, lease_expires_at = null
    from (values ${sql.join(sent, sql`, `)}) as v(id, transport)
    where o.id = v.id`);
}

export type FailureOutcome = "retry" | "dead";

export async function markFailed(
  db: Db | Tx,
  row: OutboxRow,
  options: { now: Date; error: string; isPermanent: boolean },
): Promise<FailureOutcome> {
  const isDead = options.isPermanent || row.attempts >= MAX_ATTEMPTS;
  await db
    .update(outbox)
    .set({
      status: isDead ? "failed" : "pending",
      lastError: options.error,
      failure: options.isPermanent ? "permanent" : "transient",
      leaseExpiresAt: null,
      nextAttemptAt: new Date(options.now.getTime() + backoffMs(row.attempts)),
    })
    .where(eq(outbox.id, row.id));
  return isDead ? "dead" : "retry";
}
