// Settings → Reminders: connecting ntfy (a topic URL and an optional access token) and a webhook
// (a URL; its signing secret is listed with the channel).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChatChannelsSchema } from "../../../core/chat-channels";
import { listChatChannels } from "./channels.service";
import { connectNtfy, connectWebhook, type Connect } from "./url-channels.service";

const URL_MAX_CHARS = 2000;

const UrlSchema = z
  .string({ error: "Enter the address." })
  .trim()
  .min(1, "Enter the address.")
  .max(
    URL_MAX_CHARS,
    `This address is too long: ${URL_MAX_CHARS.toLocaleString("en")} characters at most.`,
  );

const NtfyBodySchema = z.object({
  url: UrlSchema,
  token: z
    .string({ error: "The access token should be text." })
    .max(200, "This access token is too long: 200 characters at most.")
    .nullable()
    .optional(),
});

const WebhookBodySchema = z.object({ url: UrlSchema });

// Each connect resolves a host name the user chose: a few a minute is plenty for a person.
const CONNECT_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: "1 minute" } };

export async function urlChannelsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  function connectRoute<Body extends z.ZodType>(
    kind: "ntfy" | "webhook",
    body: Body,
    connect: (ctx: Connect, input: z.infer<Body>) => Promise<unknown>,
  ) {
    app.put(
      `/api/reminders/chat-channels/${kind}`,
      {
        preHandler: app.requireUser,
        config: CONNECT_RATE_LIMIT,
        schema: { body, response: { 200: ChatChannelsSchema } },
      },
      async (request) => {
        const userId = request.user.id;
        const now = app.clock.now();
        await connect({ db: app.db, env: app.env, userId, now }, request.body as z.infer<Body>);
        return listChatChannels(app.db, app.env, userId, now);
      },
    );
  }

  connectRoute("ntfy", NtfyBodySchema, connectNtfy);
  connectRoute("webhook", WebhookBodySchema, connectWebhook);
}
