// Settings → Reminders' chat channels (issue 49): which are connected and which this server
// offers, disconnecting one, and a test digest to one. Connecting is each channel's own route
// (Telegram's start link, WhatsApp's opt-in, the ntfy topic, the webhook URL).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChatChannelsSchema } from "../../../core/chat-channels";
import { TestReminderResultSchema } from "../../../core/reminders";
import { sendTestReminder } from "../reminders/reminders.public";
import {
  disconnectChannel,
  listChatChannels,
  parseChatKind,
  requireConnected,
} from "./channels.service";

const KindParams = z.object({ kind: z.string().max(40) });

export async function channelsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/reminders/chat-channels",
    { preHandler: app.requireUser, schema: { response: { 200: ChatChannelsSchema } } },
    async (request) => listChatChannels(app.db, app.env, request.user.id, app.clock.now()),
  );

  app.delete(
    "/api/reminders/chat-channels/:kind",
    {
      preHandler: app.requireUser,
      schema: { params: KindParams, response: { 200: ChatChannelsSchema } },
    },
    async (request) => {
      const userId = request.user.id;
      await disconnectChannel(app.db, userId, parseChatKind(request.params.kind));
      return listChatChannels(app.db, app.env, userId, app.clock.now());
    },
  );

  app.post(
    "/api/reminders/chat-channels/:kind/test",
    {
      preHandler: app.requireUser,
      schema: { params: KindParams, response: { 200: TestReminderResultSchema } },
    },
    async (request) => {
      const userId = request.user.id;
      const kind = parseChatKind(request.params.kind);
      await requireConnected(app.db, userId, kind);
      const now = app.clock.now();
      const delivery = await sendTestReminder(app.db, { env: app.env, userId, now, lanes: kind });
      app.outbox.kick();
      return { delivery };
    },
  );
}
