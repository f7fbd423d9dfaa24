// /api/v1/contacts/:id/interactions…: a contact's history, logged and deleted through the same
// service as the app's own, so last-contacted and the next due date follow.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { InteractionInputSchema } from "../../../core/interactions";
import {
  contactContext,
  deleteInteraction,
  listInteractions,
  logInteraction,
  toContact,
} from "../contacts/contacts.public";
import {
  V1_ERRORS,
  V1ContactParamsSchema,
  V1InteractionListSchema,
  V1InteractionParamsSchema,
  V1LoggedSchema,
} from "./v1.schemas";

export async function v1InteractionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["interactions"];

  app.get(
    "/api/v1/contacts/:id/interactions",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary: "A contact's history",
        description: "Every time you were in touch, latest first.",
        params: V1ContactParamsSchema,
        response: { 200: V1InteractionListSchema, ...V1_ERRORS },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return { items: await listInteractions(db, request.params.id, ctx) };
    },
  );

  app.post(
    "/api/v1/contacts/:id/interactions",
    {
      config: { apiToken: "write", idempotent: true },
      schema: {
        tags,
        summary: "Log that you were in touch",
        description:
          "Everything is optional: `occurredAt` defaults to now, `channel` to the contact's preferred way. Moves last-contacted and the next due date.",
        params: V1ContactParamsSchema,
        body: z.preprocess((v) => v ?? {}, InteractionInputSchema),
        response: { 201: V1LoggedSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const result = await logInteraction(db, request.params.id, request.body, ctx);
      return reply
        .status(201)
        .send({ interaction: result.interaction, contact: toContact(result.contact, ctx) });
    },
  );

  app.delete(
    "/api/v1/contacts/:id/interactions/:interactionId",
    {
      config: { apiToken: "write" },
      schema: {
        tags,
        summary: "Delete a history entry",
        params: V1InteractionParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const { id: contactId, interactionId } = request.params;
      await deleteInteraction(db, { contactId, interactionId }, ctx);
      return reply.status(204).send(null);
    },
  );
}
