// /api/webhooks: the signed-in person adds, lists and removes event webhooks, reads a webhook's
// delivery log and resends a delivery.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  WebhookCreateSchema,
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
} from "../../../core/webhooks-schema";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
} from "./webhooks.service";

const IdParams = z.object({ id: z.string().max(100) });

export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;
  const tags = ["webhooks"];

  app.get(
    "/api/webhooks",
    { preHandler, schema: { tags, response: { 200: WebhookListSchema } } },
    async (request) => ({ items: await listWebhooks(app.db, request.user.id) }),
  );

  app.post(
    "/api/webhooks",
    {
      preHandler,
      // No Idempotency-Key: a recorded answer would keep the signing secret for a day.
      schema: {
        tags,
        body: WebhookCreateSchema,
        response: { 201: WebhookCreatedSchema, 400: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        { db: app.db, env: app.env, userId: request.user.id, now: app.clock.now() },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/webhooks/:id",
    {
      preHandler,
      schema: { tags, params: IdParams, response: { 204: z.null(), 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      await deleteWebhook(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/webhooks/:id/deliveries",
    {
      preHandler,
      schema: {
        tags,
        params: IdParams,
        response: { 200: WebhookDeliveryListSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => ({
      items: await listWebhookDeliveries(app.db, request.user.id, request.params.id),
    }),
  );

  app.post(
    "/api/webhooks/:id/deliveries/:deliveryId/resend",
    {
      preHandler,
      schema: {
        tags,
        params: IdParams.extend({ deliveryId: z.string().max(100) }),
        response: { 200: WebhookDeliverySchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const delivery = await resendWebhookDelivery(app.db, {
        userId: request.user.id,
        webhookId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      app.outbox.kick();
      return delivery;
    },
  );
}
