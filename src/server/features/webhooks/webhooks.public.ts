// What other server modules use of event webhooks: emitting an event in the transaction of the
// change, the outbox transport and hooks that deliver and log it, and when to kick the outbox;
// and managing them, for /api/v1/webhooks (a personal access token's own routes).
export { countEventsWritten, emitWebhookEvent, WEBHOOK_EVENT_CHANNEL } from "./webhook-events";
export { createWebhookEventTransport, webhookDeliveryHooks } from "./webhook-delivery";
export {
  createWebhook,
  deleteWebhook,
  getCreatedWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
} from "./webhooks.service";
