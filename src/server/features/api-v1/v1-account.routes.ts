// /api/v1 beyond single contacts: groups and their default rhythm, the reminder schedule and its
// delivery log, and the whole account as the JSON export, through the app's own services.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AccountExportSchema } from "../../../core/import/account-export";
import {
  GroupRhythmInputSchema,
  GroupRhythmResultSchema,
  TagListSchema,
  TagParamsSchema,
} from "../../../core/group-rhythm-schema";
import { DeliveryLogSchema } from "../../../core/reminders";
import {
  ReminderSettingsInputSchema,
  ReminderSettingsSchema,
} from "../../../core/settings-schemas";
import { contactContext, listTagSummaries, setGroupRhythm } from "../contacts/contacts.public";
import { listDeliveries } from "../reminders/reminders.public";
import { getReminderSettings, updateReminderSettings } from "../settings/settings.public";
import { V1_ERRORS } from "./v1.schemas";

const EXAMPLE_SCHEDULE = {
  reminderMethod: "email",
  reminderFrequency: 1,
  reminderCadence: "weeks",
  reminderTime: "9",
  timezone: "Europe/London",
  nextScheduledAt: "2026-12-07T09:00:00.000Z",
} as const;

export async function v1AccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { exporter } = fastify;
  const read = { apiToken: "read" } as const;
  const write = { apiToken: "write", idempotent: true } as const;

  app.get(
    "/api/v1/groups",
    {
      config: read,
      schema: {
        tags: ["groups"],
        summary: "Groups and their rhythms",
        description:
          "Every tag as a group: how many contacts carry it, its default rhythm (or null) and how many contacts go by that rhythm because they have none of their own.",
        response: {
          200: TagListSchema.meta({
            examples: [
              {
                tags: [
                  {
                    tag: "close friends",
                    count: 40,
                    rhythm: { interval: 2, unit: "week" },
                    followers: 38,
                  },
                ],
              },
            ],
          }),
          ...V1_ERRORS,
        },
      },
    },
    async (request) => ({ tags: await listTagSummaries(db, request.user.id) }),
  );

  app.put(
    "/api/v1/groups/:name",
    {
      config: write,
      schema: {
        tags: ["groups"],
        summary: "Set or clear a group's rhythm",
        description:
          'Contacts with this tag and no rhythm of their own follow it; a contact\'s own rhythm always wins. `{ "rhythm": null }` clears it. With `"preview": true` nothing changes and the answer says how many contacts would.',
        params: TagParamsSchema,
        body: GroupRhythmInputSchema,
        response: {
          200: GroupRhythmResultSchema.meta({
            examples: [
              {
                tag: "close friends",
                rhythm: { interval: 2, unit: "week" },
                contacts: 40,
                followers: 38,
                updated: 38,
                undoId: "5b0c6a56-2f2c-4a8e-9a52-6a3e1c9b7d10",
              },
            ],
          }),
          ...V1_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = await contactContext(app, request);
      const { rhythm, preview } = request.body;
      return setGroupRhythm(db, { tag: request.params.name, rhythm: rhythm ?? null, preview }, ctx);
    },
  );

  app.get(
    "/api/v1/reminders/schedule",
    {
      config: read,
      schema: {
        tags: ["reminders"],
        summary: "Your reminder schedule",
        description:
          "How and when reminders reach you: the channel, every how many days, weeks or months, the hour in your time zone, and the next run.",
        response: {
          200: ReminderSettingsSchema.meta({ examples: [EXAMPLE_SCHEDULE] }),
          ...V1_ERRORS,
        },
      },
    },
    async (request) => getReminderSettings(db, request.user.id),
  );

  app.put(
    "/api/v1/reminders/schedule",
    {
      config: write,
      schema: {
        tags: ["reminders"],
        summary: "Change your reminder schedule",
        description:
          "Send the whole schedule, as GET answers it (without `nextScheduledAt`). The next run moves to match.",
        body: ReminderSettingsInputSchema,
        response: {
          200: ReminderSettingsSchema.meta({ examples: [EXAMPLE_SCHEDULE] }),
          ...V1_ERRORS,
        },
      },
    },
    async (request) =>
      updateReminderSettings(db, {
        userId: request.user.id,
        input: request.body,
        now: app.clock.now(),
      }),
  );

  app.get(
    "/api/v1/reminders/deliveries",
    {
      config: read,
      schema: {
        tags: ["reminders"],
        summary: "Reminders sent lately",
        description: "The latest reminder deliveries, newest first, with their status and why.",
        response: {
          200: DeliveryLogSchema.meta({
            examples: [
              {
                deliveries: [
                  {
                    id: "0f3b7c2e-8d9a-4b1c-a6e5-2d4f8b9c1a07",
                    scheduledFor: "2026-12-01T09:00:00.000Z",
                    createdAt: "2026-12-01T09:00:00.000Z",
                    sentAt: "2026-12-01T09:00:04.000Z",
                    channel: "email",
                    status: "sent",
                    reason: null,
                    contactCount: 3,
                    attempts: 1,
                    isTest: false,
                  },
                ],
              },
            ],
          }),
          ...V1_ERRORS,
        },
      },
    },
    async (request) => ({ deliveries: await listDeliveries(db, request.user.id) }),
  );

  app.get(
    "/api/v1/export",
    {
      config: read,
      schema: {
        tags: ["export"],
        summary: "Everything, as the JSON export",
        description:
          "The account's contacts with their history, groups and settings: the same file as Settings → Data → Export JSON, which Tend can import again.",
        response: { 200: AccountExportSchema, ...V1_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await contactContext(app, request);
      return reply
        .type("application/json; charset=utf-8")
        .send((await exporter.accountJson(ctx)) as never);
    },
  );
}
