// /api/v1/webhooks…: event webhooks for scripts, through the same service as Settings → Webhooks,
// so the same limit, address rules (no private or metadata addresses) and delivery log apply.
// A repeat of a POST with its Idempotency-Key answers the same secret, read from the webhook
// again: the recorded answer keeps only the id.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { WEBHOOK_EVENTS, WEBHOOK_LOG_LIMIT, WEBHOOKS_PER_USER } from "../../../core/webhooks";
import type { IdempotentSecretAnswer } from "../../plugins/idempotency";
import {
  createWebhook,
  deleteWebhook,
  getCreatedWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
} from "../webhooks/webhooks.public";
import {
  V1_ERRORS,
  V1WebhookCreateSchema,
  V1WebhookCreatedSchema,
  V1WebhookDeliveryListSchema,
  V1WebhookDeliveryParamsSchema,
  V1WebhookDeliverySchema,
  V1WebhookListSchema,
  V1WebhookParamsSchema,
} from "./v1.schemas";

const SIGNATURE_NOTE =
  "Each delivery is a POST of `{ id, type, createdAt, data }` signed in the `Tend-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>` header with the webhook's secret; `Tend-Delivery` carries the event id, the same on every retry.";

export async function v1WebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["webhooks"];

  const secretAnswer: IdempotentSecretAnswer = {
    record: (answer) => ({ id: (answer as { id: string }).id }),
    replay: async (request, recorded) =>
      getCreatedWebhook(db, request.user.id, (recorded as { id: string }).id),
  };

  app.get(
    "/api/v1/webhooks",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary: "Your webhooks",
        description:
          "Every webhook of the account, newest first: where it sends and which events. The secrets are not shown again.",
        response: { 200: V1WebhookListSchema, ...V1_ERRORS },
      },
    },
    async (request) => ({ items: await listWebhooks(db, request.user.id) }),
  );

  app.post(
    "/api/v1/webhooks",
    {
      config: { apiToken: "write", idempotent: secretAnswer },
      schema: {
        tags,
        summary: "Add a webhook",
        description: `Sends the events you choose (${WEBHOOK_EVENTS.join(", ")}) to an https:// address, retried with backoff when it does not answer 2xx. The answer holds the signing \`secret\`, shown this once: keep it where the receiver checks signatures. An address on a private network or a cloud metadata address is refused. At most ${WEBHOOKS_PER_USER} webhooks an account. ${SIGNATURE_NOTE}`,
        body: V1WebhookCreateSchema,
        response: { 201: V1WebhookCreatedSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        { db, env: app.env, userId: request.user.id, now: app.clock.now() },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/v1/webhooks/:id",
    {
      config: { apiToken: "write" },
      schema: {
        tags,
        summary: "Remove a webhook",
        description: "Nothing more is sent to it, deliveries waiting for a retry included.",
        params: V1WebhookParamsSchema,
        response: { 204: z.null().describe("Removed"), ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteWebhook(db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/v1/webhooks/:id/deliveries",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary: "A webhook's delivery log",
        description: `Its latest ${WEBHOOK_LOG_LIMIT} deliveries, newest first: the event, pending, sent or failed, the receiver's last HTTP status, tries and the last error.`,
        params: V1WebhookParamsSchema,
        response: { 200: V1WebhookDeliveryListSchema, ...V1_ERRORS },
      },
    },
    async (request) => ({
      items: await listWebhookDeliveries(db, request.user.id, request.params.id),
    }),
  );

  app.post(
    "/api/v1/webhooks/:id/deliveries/:deliveryId/resend",
    {
      config: { apiToken: "write", idempotent: true },
      schema: {
        tags,
        summary: "Send a delivery again",
        description:
          "The same event, with the same id and body, newly signed. One waiting for a retry is sent now rather than twice; 409 while it is being sent or once its content is no longer kept.",
        params: V1WebhookDeliveryParamsSchema,
        response: { 200: V1WebhookDeliverySchema, ...V1_ERRORS },
      },
    },
    async (request) => {
      const delivery = await resendWebhookDelivery(db, {
        userId: request.user.id,
        webhookId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      app.outbox.kick();
      return delivery;
    },
  );
}
