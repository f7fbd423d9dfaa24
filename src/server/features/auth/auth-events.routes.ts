import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAuthEvent } from "./auth-events.service";

// The browser's log-auth-event call. SIGNED_UP is also written by the server at sign-up; the
// client may report sign-in and sign-out for the audit trail. Append-only.
export async function authEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/auth-events",
    {
      preHandler: app.requireUser,
      schema: {
        body: z.object({ eventType: z.enum(["SIGNED_IN", "SIGNED_OUT"]) }),
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await recordAuthEvent(app.db, {
        userId: request.user.id,
        eventType: request.body.eventType,
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return reply.status(201).send({ ok: true });
    },
  );
}
