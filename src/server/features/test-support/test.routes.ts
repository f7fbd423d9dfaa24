// Only with ENABLE_TEST_ROUTES (never in production): lets browser tests move the server clock
// and give the signed-in user notifications with any content (nothing in the product writes
// an arbitrary title or HTML body, yet the app must show such a body safely).
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOTIFICATION_TYPES } from "../../../core/notifications";
import { accounts } from "../../db/schema/index";
import { notifyUsers } from "../notifications/notifications.public";

const TestNotificationsSchema = z.object({
  count: z.number().int().min(1).max(50).default(1),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().min(1).max(200),
  content: z.string().max(10_000),
  link: z.string().max(500).nullable().default(null),
});

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

  app.post(
    "/api/test/notifications",
    { preHandler: app.requireUser, schema: { hide: true, body: TestNotificationsSchema } },
    async (request, reply) => {
      const { count, ...notification } = request.body;
      await notifyUsers(
        app.db,
        Array.from({ length: count }, (_, i) => ({
          ...notification,
          userId: request.user.id,
          title: count > 1 ? `${notification.title} ${i + 1}` : notification.title,
        })),
      );
      return reply.status(204).send(null);
    },
  );

  // The signed-in user becomes one who signed up with Google (no password): the browser tests
  // cannot reach Google, and deleting such an account is confirmed differently (decision 155).
  app.post(
    "/api/test/google-only",
    { preHandler: app.requireUser, schema: { hide: true } },
    async (request, reply) => {
      await app.db
        .update(accounts)
        .set({ providerId: "google", accountId: `google-${request.user.id}`, password: null })
        .where(eq(accounts.userId, request.user.id));
      return reply.status(204).send(null);
    },
  );
}
