// /api/tokens: the signed-in person makes, lists and revokes their personal access tokens. These
// routes take the session cookie only: a token cannot make more tokens.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  ApiTokenCreateSchema,
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
} from "../../../core/api-tokens-schema";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.service";

export async function apiTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;
  const tags = ["api tokens"];

  app.get(
    "/api/tokens",
    { preHandler, schema: { tags, response: { 200: ApiTokenListSchema } } },
    async (request) => ({ items: await listApiTokens(app.db, request.user.id) }),
  );

  app.post(
    "/api/tokens",
    {
      preHandler,
      // No Idempotency-Key: a recorded answer would keep the token itself for a day.
      schema: {
        tags,
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenCreatedSchema, 400: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, {
        userId: request.user.id,
        input: request.body,
        now: app.clock.now(),
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tokens/:id",
    {
      preHandler,
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
