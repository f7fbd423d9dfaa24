// Sending event deliveries through the outbox: the transport reads the webhook when it sends (a
// removed webhook is never called by an old row), signs the body and posts it SSRF-safe; the
// hooks record each outcome in the webhook's delivery log, and tell of reminders sent.
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { reminderDeliveries, webhookDeliveries, webhooks } from "../../db/schema/index";
import type { Env } from "../../env";
import { postSignedWebhook } from "../channels/channels.public";
import {
  DeliveryError,
  type DeliveryHooks,
  type OutboxRow,
  type Transport,
} from "../outbox/outbox.public";
import { emitWebhookEvent, WEBHOOK_EVENT_CHANNEL } from "./webhook-events";

export function createWebhookEventTransport(deps: { db: Db; env: Env }): Transport {
  const { db, env } = deps;
  return {
    name: "webhook",
    async send(row) {
      const [hook] = row.userId
        ? await db
            .select({ url: webhooks.url, secret: webhooks.secret })
            .from(webhooks)
            .where(and(eq(webhooks.userId, row.userId), eq(webhooks.id, row.to)))
        : [];
      if (!hook) throw new DeliveryError("The webhook was removed.", true);
      let responseStatus: number | null = null;
      try {
        responseStatus = await postSignedWebhook(
          hook,
          { body: row.text, deliveryId: row.subject },
          env,
        );
      } catch (error) {
        if (error instanceof DeliveryError) responseStatus = error.status ?? null;
        throw error;
      } finally {
        await db
          .update(webhookDeliveries)
          .set({ responseStatus, attempts: row.attempts, lastAttemptAt: new Date() })
          .where(eq(webhookDeliveries.outboxId, row.id));
      }
    },
    close: () => undefined,
  };
}

async function recordSent(tx: Tx, rows: OutboxRow[]): Promise<void> {
  const ids = rows.filter((row) => row.channel === WEBHOOK_EVENT_CHANNEL).map((row) => row.id);
  if (ids.length === 0) return;
  await tx
    .update(webhookDeliveries)
    .set({ status: "sent", lastError: null })
    .where(inArray(webhookDeliveries.outboxId, ids));
}

/** reminder.sent for each reminder delivery just sent, to the users who asked for it. */
async function emitRemindersSent(tx: Tx, rows: OutboxRow[], now: Date): Promise<void> {
  const sent = rows.filter((row) => row.deliveryId && row.userId);
  if (sent.length === 0) return;
  const listening = await tx
    .selectDistinct({ userId: webhooks.userId })
    .from(webhooks)
    .where(
      and(
        inArray(webhooks.userId, [...new Set(sent.map((row) => row.userId!))]),
        arrayContains(webhooks.events, ["reminder.sent"]),
      ),
    );
  if (listening.length === 0) return;
  const userIds = new Set(listening.map((l) => l.userId));
  const deliveries = await tx
    .select()
    .from(reminderDeliveries)
    .where(
      inArray(
        reminderDeliveries.id,
        sent.filter((row) => userIds.has(row.userId!)).map((row) => row.deliveryId!),
      ),
    );
  for (const delivery of deliveries) {
    if (delivery.isTest) continue;
    await emitWebhookEvent(tx, {
      userId: delivery.userId,
      type: "reminder.sent",
      now,
      data: {
        reminder: {
          deliveryId: delivery.id,
          channel: delivery.channel,
          scheduledFor: delivery.scheduledFor.toISOString(),
          sentAt: now.toISOString(),
          contactIds: delivery.contactIds ?? [],
        },
      },
    });
  }
}

export const webhookDeliveryHooks: DeliveryHooks = {
  async onSent(tx, rows, now) {
    await recordSent(tx, rows);
    await emitRemindersSent(tx, rows, now);
  },
  async onFailed(tx, row, failure) {
    if (row.channel !== WEBHOOK_EVENT_CHANNEL) return;
    await tx
      .update(webhookDeliveries)
      .set({
        status: failure.outcome === "dead" ? "failed" : "pending",
        attempts: row.attempts,
        lastError: failure.error.slice(0, 500),
      })
      .where(eq(webhookDeliveries.outboxId, row.id));
  },
};
