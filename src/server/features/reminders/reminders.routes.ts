// The signed-in user's reminder deliveries and channels (no id in the paths: the session says
// whose): the delivery log, a test digest now, email back on after unsubscribing or a bounce,
// and the private calendar URL.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  DeliveryLogSchema,
  ReminderChannelsSchema,
  TestReminderResultSchema,
} from "../../../core/reminders";
import {
  getChannels,
  listDeliveries,
  regenerateCalendarToken,
  resumeEmailReminders,
  sendTestReminder,
} from "./reminders.service";

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
