// Only with ENABLE_TEST_ROUTES (never in production): lets browser tests move the server clock.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

export async function testRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/test/clock",
    { schema: { hide: true, body: z.object({ offsetMs: z.number().int() }) } },
    async (request) => {
      app.clock.offsetMs = request.body.offsetMs;
      return { now: app.clock.now().toISOString() };
    },
  );
}
