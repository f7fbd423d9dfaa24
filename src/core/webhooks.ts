// Event webhooks: the rules the server and Settings → "Webhooks" share. No zod here, so the card
// loads without it (the request and answer schemas: webhooks-schema.ts).

export const WEBHOOK_EVENTS = [
  "contact.created",
  "contact.updated",
  "contact.archived",
  "interaction.logged",
  "reminder.sent",
  "reply.received",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "contact.created": "A contact is added",
  "contact.updated": "A contact is edited",
  "contact.archived": "A contact is archived",
  "interaction.logged": "A conversation is logged",
  "reminder.sent": "A reminder is sent",
  "reply.received": "A reply to a reminder arrives",
};

/** A handful of receivers (n8n, Zapier, a script of one's own); each one is sent every event. */
export const WEBHOOKS_PER_USER = 10;
export const WEBHOOK_URL_MAX = 2000;
/** The delivery log shows this many of a webhook's latest deliveries. */
export const WEBHOOK_LOG_LIMIT = 50;

export type WebhookCreate = { url: string; events: WebhookEventType[] };

export type Webhook = {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
};

/** pending: waiting for its first try or a retry; sent: the receiver answered 2xx; failed: given up. */
export type WebhookDeliveryStatus = "pending" | "sent" | "failed";

export type WebhookDelivery = {
  id: string;
  event: WebhookEventType;
  status: WebhookDeliveryStatus;
  /** The receiver's last HTTP status; null when it could not be reached or was not tried yet. */
  responseStatus: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
};
