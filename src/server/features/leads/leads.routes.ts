// The Business tier waitlist (landing page): an email, lowercased and trimmed, source web_landing.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LeadBodySchema } from "../../../core/billing";
import { WAITLIST_SOURCE } from "../../../core/constants";
import { leads } from "../../db/schema/index";

export async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/leads",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { body: LeadBodySchema, response: { 201: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      // Joining twice is not an error, and does not say whether an address was already there.
      await app.db
        .insert(leads)
        .values({ email: request.body.email, source: WAITLIST_SOURCE })
        .onConflictDoNothing();
      return reply.status(201).send({ ok: true });
    },
  );
}
