// The signed-in user's reminder deliveries and channels (no id in the paths: the session says
// whose): the delivery log, a test digest now, email back on after unsubscribing or a bounce,
// and the private calendar URL.
import { and, count, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  DeliveryLogSchema,
  ReminderChannelsSchema,
  TestReminderResultSchema,
} from "../../../core/reminders";
import { reminderDeliveries } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import {
  getChannels,
  listDeliveries,
  regenerateCalendarToken,
  resumeEmailReminders,
  sendTestReminder,
} from "./reminders.service";

/** Test digests per user in TEST_WINDOW_MS: enough to try things, not enough to spam. */
export const TEST_REMINDER_LIMIT = 5;
const TEST_WINDOW_MS = 10 * 60_000;

export async function remindersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/reminders/deliveries",
    { preHandler: app.requireUser, schema: { response: { 200: DeliveryLogSchema } } },
    async (request) => ({ deliveries: await listDeliveries(app.db, request.user.id) }),
  );

  app.post(
    "/api/reminders/test",
    { preHandler: app.requireUser, schema: { response: { 200: TestReminderResultSchema } } },
    async (request) => {
      const userId = request.user.id;
      const now = app.clock.now();
      const [recent] = await app.db
        .select({ n: count() })
        .from(reminderDeliveries)
        .where(
          and(
            eq(reminderDeliveries.userId, userId),
            eq(reminderDeliveries.isTest, true),
            gte(reminderDeliveries.createdAt, new Date(Date.now() - TEST_WINDOW_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= TEST_REMINDER_LIMIT) {
        throw new AppError(
          "RATE_LIMITED",
          `You have sent ${TEST_REMINDER_LIMIT} test reminders in the last 10 minutes. Please wait a few minutes before sending another.`,
        );
      }
      const delivery = await sendTestReminder(app.db, { env: app.env, userId, now });
      app.outbox.kick();
      return { delivery };
    },
  );

  app.get(
    "/api/reminders/channels",
    { preHandler: app.requireUser, schema: { response: { 200: ReminderChannelsSchema } } },
    async (request) => getChannels(app.db, app.env, request.user.id),
  );

  app.post(
    "/api/reminders/email/resume",
    { preHandler: app.requireUser, schema: { response: { 200: ReminderChannelsSchema } } },
    async (request) => resumeEmailReminders(app.db, app.env, request.user.id),
  );

  app.post(
    "/api/reminders/calendar",
    { preHandler: app.requireUser, schema: { response: { 200: ReminderChannelsSchema } } },
    async (request) => regenerateCalendarToken(app.db, app.env, request.user.id),
  );
}
