// Emitting an event to the user's webhooks: called inside the transaction that makes the change,
// so the deliveries are written (to the outbox) exactly when the change commits, never for a
// change that rolled back and never twice.
import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { WebhookEventType } from "../../../core/webhooks";
import type { Db, Tx } from "../../db/client";
import { webhookDeliveries, webhooks } from "../../db/schema/index";
import { enqueue } from "../outbox/outbox.public";

/** The outbox channel of event webhook deliveries. */
export const WEBHOOK_EVENT_CHANNEL = "webhook-event";

export type WebhookEventBody = {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Record<string, unknown>;
};

let eventsWritten = 0;

/**
 * How many events this process has written so far. A request that sees the count rise between its
 * start and its response kicks the outbox then, after its own transaction has committed; a flag
 * cleared by whichever response came first could be taken by a request that answered before this
 * one committed, and this one's delivery would wait for the outbox's next tick.
 */
export function countEventsWritten(): number {
  return eventsWritten;
}

export async function emitWebhookEvent(
  db: Db | Tx,
  event: { userId: string; type: WebhookEventType; now: Date; data: Record<string, unknown> },
): Promise<void> {
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.userId, event.userId), arrayContains(webhooks.events, [event.type])));
  if (targets.length === 0) return;
  const deliveries = targets.map((target) => ({ id: randomUUID(), webhookId: target.id }));
  const outboxIds = await enqueue(
    db,
    deliveries.map((delivery) => {
      const body: WebhookEventBody = {
        id: delivery.id,
        type: event.type,
        createdAt: event.now.toISOString(),
        data: event.data,
      };
      return deliveryRow(event.userId, delivery, JSON.stringify(body));
    }),
  );
  await db.insert(webhookDeliveries).values(
    deliveries.map((delivery, i) => ({
      ...delivery,
      userId: event.userId,
      event: event.type,
      outboxId: outboxIds[i],
      createdAt: event.now,
    })),
  );
  eventsWritten += 1;
}

/** The outbox row that sends a delivery: `to` is the webhook, `subject` the delivery's id. */
export function deliveryRow(
  userId: string,
  delivery: { id: string; webhookId: string },
  body: string,
) {
  return {
    channel: WEBHOOK_EVENT_CHANNEL,
    kind: "webhook-event",
    to: delivery.webhookId,
    subject: delivery.id,
    text: body,
    userId,
  };
}
