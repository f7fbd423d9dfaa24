// Event webhooks as /api/webhooks validates and documents them.
import { z } from "zod";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
} from "./webhooks";

const EVENT_CHOICE = `Choose events from ${WEBHOOK_EVENTS.join(", ")}.`;

export const WebhookCreateSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the address that receives the events, like https://example.com/tend.")
    .max(WEBHOOK_URL_MAX, `Keep the address to ${WEBHOOK_URL_MAX} characters.`),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: EVENT_CHOICE }), { error: EVENT_CHOICE })
    .min(1, "Choose at least one event to send.")
    .transform((events) => [...new Set(events)]),
}) satisfies z.ZodType<WebhookCreate, unknown>;

export const WebhookCreatedSchema = z.object({
  id: z.string(),
  /** Shown once: the receiver checks each request's signature with it. */
  secret: z.string(),
});

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
}) satisfies z.ZodType<Webhook>;

export const WebhookListSchema = z.object({ items: z.array(WebhookSchema) });

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(["pending", "sent", "failed"]),
  responseStatus: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
}) satisfies z.ZodType<WebhookDelivery>;

export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema) });
