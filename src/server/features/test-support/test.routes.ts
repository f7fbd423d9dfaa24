// Only with ENABLE_TEST_ROUTES (never in production): lets browser tests create signed-in users
// without the mailbox round trip, move the server clock, and give the signed-in user
// notifications with any content (nothing in the product writes an arbitrary title or HTML
// body, yet the app must show such a body safely).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../../../core/constants";
import { NOTIFICATION_TYPES } from "../../../core/notifications";
import { accounts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { toWebHeaders } from "../../plugins/auth";
import { linkOrCreateSubscription } from "../billing/billing.public";
import { notifyUsers } from "../notifications/notifications.public";
import { completeOnboarding } from "../onboarding/onboarding.public";

const TestNotificationsSchema = z.object({
  count: z.number().int().min(1).max(50).default(1),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().min(1).max(200),
  content: z.string().max(10_000),
  link: z.string().max(500).nullable().default(null),
});

const TestUserSchema = z.object({
  email: z.email().optional(),
  password: z.string().min(PASSWORD_MIN_LENGTH),
  subscribed: z.boolean().default(true),
  onboarded: z.boolean().default(true),
});

const TEST_ONBOARDING = {
  firstName: "Test",
  lastName: "User",
  timezone: "UTC",
  reminderMethod: "email",
  reminderFrequency: 1,
  reminderCadence: "days",
  reminderTime: "9",
} as const;

export async function testRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // A verified user made by Better Auth itself (real password hash and account row), with the
  // trial and onboarding done by the services the real routes call, signed in on this response.
  app.post(
    "/api/test/users",
    { schema: { hide: true, body: TestUserSchema } },
    async (request, reply) => {
      const { password, subscribed, onboarded } = request.body;
      const email = request.body.email ?? `test-${randomUUID()}@example.com`;
      const headers = toWebHeaders(request);
      const auth = await app.auth.$context;
      if (await auth.internalAdapter.findUserByEmail(email)) {
        throw new AppError("CONFLICT", `${email} already has an account: use another address.`);
      }
      const { user } = await app.auth.api.signUpEmail({
        body: { email, password, name: email.split("@")[0] ?? email },
        headers,
      });
      await auth.internalAdapter.updateUser(user.id, { emailVerified: true });
      if (subscribed) await linkOrCreateSubscription(app.billing, { userId: user.id });
      if (onboarded) {
        await completeOnboarding(app.db, {
          userId: user.id,
          input: TEST_ONBOARDING,
          now: app.clock.now(),
        });
      }
      const signIn = await app.auth.api.signInEmail({
        body: { email, password },
        headers,
        returnHeaders: true,
      });
      reply.header("set-cookie", signIn.headers.getSetCookie());
      return reply.status(201).send({ id: user.id, email: user.email });
    },
  );

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
      // Their pushes go out now, as the scheduler's sender would send them within its poll.
      app.outbox.kick();
      return reply.status(204).send(null);
    },
  );

  // The signed-in user becomes one who signed up with Google (no password): the browser tests
  // cannot reach Google, and deleting such an account is confirmed differently.
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
