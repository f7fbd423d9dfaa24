// Event webhooks: made (the secret shown once), listed, removed, and their delivery logs read and
// resent. Every query is under the user's id, so another person's webhook answers 404.
import { and, count, desc, eq } from "drizzle-orm";
import {
  WEBHOOK_LOG_LIMIT,
  WEBHOOKS_PER_USER,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
} from "../../../core/webhooks";
import type { Db, Tx } from "../../db/client";
import { outbox, users, webhookDeliveries, webhooks } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { checkWebhookUrl, createWebhookSecret } from "../channels/channels.public";
import { isUuid } from "../contacts/contacts.public";
import { enqueue } from "../outbox/outbox.public";
import { deliveryRow } from "./webhook-events";

function webhookNotFound(): AppError {
  return new AppError("NOT_FOUND", "That webhook was not found. It may have been removed.");
}

function toWebhook(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createWebhook(
  ctx: { db: Db; env: Env; userId: string; now: Date },
  input: WebhookCreate,
): Promise<{ id: string; secret: string }> {
  const url = await checkWebhookUrl(input.url, ctx.env);
  const secret = createWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    // Counted under the user's row lock, so two tabs cannot both add the last one allowed.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.userId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.userId, ctx.userId));
    if ((held?.n ?? 0) >= WEBHOOKS_PER_USER) {
      throw new AppError(
        "LIMIT_REACHED",
        `You have ${WEBHOOKS_PER_USER} webhooks, the most an account can hold. Remove one you no longer use to add another.`,
      );
    }
    const [row] = await tx
      .insert(webhooks)
      .values({
        userId: ctx.userId,
        url: url.href,
        events: input.events,
        secret,
        createdAt: ctx.now,
      })
      .returning({ id: webhooks.id });
    return { id: row!.id, secret };
  });
}

/**
 * A made webhook's answer again, for a repeat of the request that made it (the same
 * Idempotency-Key): the secret is read from the webhook, the one place it is kept.
 */
export async function getCreatedWebhook(
  db: Db,
  userId: string,
  webhookId: string,
): Promise<{ id: string; secret: string }> {
  const [row] = isUuid(webhookId)
    ? await db
        .select({ id: webhooks.id, secret: webhooks.secret })
        .from(webhooks)
        .where(and(eq(webhooks.userId, userId), eq(webhooks.id, webhookId)))
    : [];
  if (!row) {
    throw new AppError(
      "NOT_FOUND",
      "The webhook this request made was removed since. Send it again with a new Idempotency-Key to make another.",
    );
  }
  return row;
}

export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(toWebhook);
}

/** Removing a webhook removes its log; deliveries still in the outbox find it gone and stop. */
export async function deleteWebhook(db: Db, userId: string, webhookId: string): Promise<void> {
  const deleted = isUuid(webhookId)
    ? await db
        .delete(webhooks)
        .where(and(eq(webhooks.userId, userId), eq(webhooks.id, webhookId)))
        .returning({ id: webhooks.id })
    : [];
  if (deleted.length === 0) throw webhookNotFound();
}

async function assertOwnWebhook(db: Db | Tx, userId: string, webhookId: string): Promise<void> {
  if (!isUuid(webhookId)) throw webhookNotFound();
  const [row] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.userId, userId), eq(webhooks.id, webhookId)));
  if (!row) throw webhookNotFound();
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    responseStatus: row.responseStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  };
}

export async function listWebhookDeliveries(
  db: Db,
  userId: string,
  webhookId: string,
): Promise<WebhookDelivery[]> {
  await assertOwnWebhook(db, userId, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(toDelivery);
}

/**
 * Sends a delivery again, with the same event id and body, through the outbox's retries. One
 * still waiting for a retry is sent now rather than twice.
 */
export async function resendWebhookDelivery(
  db: Db,
  ids: { userId: string; webhookId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  if (!isUuid(ids.deliveryId)) throw deliveryNotFound();
  return db.transaction(async (tx) => {
    await assertOwnWebhook(tx, ids.userId, ids.webhookId);
    const [found] = await tx
      .select({ delivery: webhookDeliveries, body: outbox.text, outboxStatus: outbox.status })
      .from(webhookDeliveries)
      .leftJoin(outbox, eq(outbox.id, webhookDeliveries.outboxId))
      .where(
        and(
          eq(webhookDeliveries.userId, ids.userId),
          eq(webhookDeliveries.webhookId, ids.webhookId),
          eq(webhookDeliveries.id, ids.deliveryId),
        ),
      )
      .for("update", { of: webhookDeliveries });
    if (!found) throw deliveryNotFound();
    // Message bodies are emptied some days after sending (data retention).
    if (!found.body) {
      throw new AppError(
        "CONFLICT",
        "This delivery is too old to send again: its content is no longer kept.",
      );
    }
    if (found.outboxStatus === "sending") {
      throw new AppError("CONFLICT", "This delivery is being sent right now. Wait a moment.");
    }
    if (found.outboxStatus === "pending") {
      await tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outbox.id, found.delivery.outboxId!));
      return toDelivery(found.delivery);
    }
    const [outboxId] = await enqueue(tx, [
      deliveryRow(ids.userId, { id: found.delivery.id, webhookId: ids.webhookId }, found.body),
    ]);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ outboxId, status: "pending", lastError: null })
      .where(eq(webhookDeliveries.id, found.delivery.id))
      .returning();
    return toDelivery(row!);
  });
}

function deliveryNotFound(): AppError {
  return new AppError("NOT_FOUND", "That delivery was not found.");
}
