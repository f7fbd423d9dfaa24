// /api/households…: people seen together, reminded and logged together.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import {
  HouseholdInputSchema,
  HouseholdListSchema,
  HouseholdPatchSchema,
  HouseholdSchema,
} from "../../../core/households";
import {
  createHousehold,
  deleteHousehold,
  listHouseholds,
  updateHousehold,
} from "./households.service";

const Params = z.object({ id: z.string() });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export async function householdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const preHandler = app.requirePaidUser;
  const tags = ["households"];

  app.get(
    "/api/households",
    { preHandler, schema: { tags, response: { 200: HouseholdListSchema } } },
    async (request) => ({ items: await listHouseholds(db, request.user.id) }),
  );

  app.post(
    "/api/households",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        body: HouseholdInputSchema,
        response: { 201: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createHousehold(db, request.body, request.user.id)),
  );

  app.patch(
    "/api/households/:id",
    {
      preHandler,
      config: { idempotent: true },
      schema: {
        tags,
        params: Params,
        body: HouseholdPatchSchema,
        response: { 200: HouseholdSchema, ...errors },
      },
    },
    async (request) =>
      updateHousehold(db, request.params.id, request.body, {
        userId: request.user.id,
        now: app.clock.now(),
      }),
  );

  app.delete(
    "/api/households/:id",
    { preHandler, schema: { tags, params: Params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteHousehold(db, request.params.id, request.user.id);
      return reply.status(204).send(null);
    },
  );
}
