// GET /api/settings/reminders and PATCH /api/settings/reminders: the signed-in user's own
// reminder preferences (no id in the path: the session says whose).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SETTINGS_MESSAGES } from "../../../core/settings";
import {
  ReminderSettingsInputSchema,
  ReminderSettingsSchema,
} from "../../../core/settings-schemas";
import { AppError } from "../../lib/app-error";
import { getReminderSettings, updateReminderSettings } from "./settings.service";

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/settings/reminders",
    { preHandler: app.requireUser, schema: { response: { 200: ReminderSettingsSchema } } },
    async (request) => {
      try {
        return await getReminderSettings(app.db, request.user.id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The read creates missing rows with the spec's defaults; say so when that fails.
        request.log.error({ err: error }, "could not read or create the settings rows");
        throw new AppError("INTERNAL", SETTINGS_MESSAGES.createDefaultsFailed);
      }
    },
  );

  app.patch(
    "/api/settings/reminders",
    {
      preHandler: app.requireUser,
      schema: { body: ReminderSettingsInputSchema, response: { 200: ReminderSettingsSchema } },
    },
    async (request) =>
      updateReminderSettings(app.db, {
        userId: request.user.id,
        input: request.body,
        now: app.clock.now(),
      }),
  );
}
