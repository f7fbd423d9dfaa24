// /api/contacts/:id/relationships…: a contact's links to other contacts, read from its side.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  RelationshipInputSchema,
  RelationshipListSchema,
  RelationshipSchema,
} from "../../../core/relationships";
import { contactContext } from "./contact-context";
import { createRelationship, deleteRelationship, listRelationships } from "./relationships.service";

const ContactParams = z.object({ id: z.string() });
const RelationshipParams = z.object({ id: z.string(), relId: z.string() });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

export async function relationshipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["contacts"];

  app.get(
    "/api/contacts/:id/relationships",
    {
      preHandler,
      schema: { tags, params: ContactParams, response: { 200: RelationshipListSchema, ...errors } },
    },
    async (request) => ({
      relationships: await listRelationships(db, request.user.id, request.params.id),
    }),
  );

  app.post(
    "/api/contacts/:id/relationships",
    {
      preHandler,
      schema: {
        tags,
        params: ContactParams,
        body: RelationshipInputSchema,
        response: { 201: RelationshipSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      const created = await createRelationship(db, request.params.id, request.body, ctx);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/contacts/:id/relationships/:relId",
    {
      preHandler,
      schema: {
        tags,
        params: RelationshipParams,
        response: { 200: z.object({ undoId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      return deleteRelationship(db, request.params.id, request.params.relId, ctx);
    },
  );
}
