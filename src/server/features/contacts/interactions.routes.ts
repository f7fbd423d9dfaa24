// /api/contacts/:id/interactions… (history) and /api/contacts/:id/snooze.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import { ContactSchema } from "../../../core/contacts";
import {
  InteractionListSchema,
  InteractionPatchSchema,
  InteractionResultSchema,
  LogInteractionResultSchema,
  LogTogetherInputSchema,
  SnoozeInputSchema,
  UndoableContactSchema,
} from "../../../core/interactions";
import { contactContext } from "./contact-context";
import { toContact } from "./contact-view";
import {
  clearSnooze,
  deleteInteraction,
  listInteractions,
  logInteraction,
  snoozeContact,
  updateInteraction,
} from "./interactions.service";

const ContactParams = z.object({ id: z.string() });
const InteractionParams = z.object({ id: z.string(), interactionId: z.string() });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

export async function interactionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];

  app.get(
    "/api/contacts/:id/interactions",
    {
      preHandler,
      schema: { tags, params: ContactParams, response: { 200: InteractionListSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return { items: await listInteractions(db, request.params.id, ctx) };
    },
  );

  app.post(
    "/api/contacts/:id/interactions",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: ContactParams,
        body: z.preprocess((v) => v ?? {}, LogTogetherInputSchema),
        response: { 201: LogInteractionResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const result = await logInteraction(db, request.params.id, request.body, ctx);
      return reply.status(201).send({
        interaction: result.interaction,
        contact: toContact(result.contact, ctx),
        ...(result.others.length > 0
          ? { others: result.others.map((row) => toContact(row, ctx)) }
          : {}),
        undoId: result.undoId,
      });
    },
  );

  app.patch(
    "/api/contacts/:id/interactions/:interactionId",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: InteractionParams,
        body: InteractionPatchSchema,
        response: { 200: InteractionResultSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const ids = { contactId: request.params.id, interactionId: request.params.interactionId };
      const result = await updateInteraction(db, ids, request.body, ctx);
      return { interaction: result.interaction, contact: toContact(result.contact, ctx) };
    },
  );

  app.delete(
    "/api/contacts/:id/interactions/:interactionId",
    {
      preHandler,
      schema: {
        tags,
        params: InteractionParams,
        response: { 200: InteractionResultSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const ids = { contactId: request.params.id, interactionId: request.params.interactionId };
      const result = await deleteInteraction(db, ids, ctx);
      return { interaction: null, contact: toContact(result.contact, ctx) };
    },
  );

  app.post(
    "/api/contacts/:id/snooze",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: ContactParams,
        body: SnoozeInputSchema,
        response: { 200: UndoableContactSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const { contact, undoId } = await snoozeContact(db, request.params.id, request.body, ctx);
      return { ...toContact(contact, ctx), undoId };
    },
  );

  app.delete(
    "/api/contacts/:id/snooze",
    {
      preHandler,
      schema: { tags, params: ContactParams, response: { 200: ContactSchema, ...errors } },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return toContact(await clearSnooze(db, request.params.id, ctx), ctx);
    },
  );
}
