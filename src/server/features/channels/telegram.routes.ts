// Telegram's HTTP side: Settings' "Connect Telegram" (a start link for the bot), and the webhook
// Telegram posts updates to in webhook mode, which proves itself with the secret-token header.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { InboundDeps } from "../replies/replies.public";
import {
  createTelegramBot,
  isTelegramWebhookMode,
  loadBotInfo,
  telegramWebhookSecret,
} from "./telegram";
import { createConnectToken } from "./telegram-connect";
import { handleTelegramUpdate, installTelegramHandlers } from "./telegram-updates";

const TelegramLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
const UpdateSchema = z.looseObject({ update_id: z.number().int() });

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export async function telegramRoutes(fastify: FastifyInstance, opts: { inbound: InboundDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bot = createTelegramBot(app.env);
  if (bot) installTelegramHandlers(bot, opts.inbound);
  const secret = telegramWebhookSecret(app.env);

  app.post(
    "/api/reminders/chat-channels/telegram",
    { preHandler: app.requireUser, schema: { response: { 200: TelegramLinkSchema } } },
    async (request) => {
      if (!bot) {
        throw new AppError(
          "CONFLICT",
          "Telegram is not set up on this server. Whoever runs it can set TELEGRAM_BOT_TOKEN to a bot's token from @BotFather.",
        );
      }
      const me = await loadBotInfo(bot).catch((error: unknown) => {
        request.log.warn({ err: error }, "telegram: getMe failed");
        throw new AppError("UNAVAILABLE", "Telegram could not be reached. Try again in a minute.");
      });
      const { token, expiresAt } = await createConnectToken(app.db, {
        userId: request.user.id,
        now: app.clock.now(),
      });
      return {
        link: `https://t.me/${me.username}?start=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.post(
    "/api/inbound/telegram",
    {
      config: { rateLimit: { max: 600, timeWindow: "1 minute" } },
      schema: { hide: true, body: z.unknown() },
    },
    async (request, reply) => {
      if (!bot || !isTelegramWebhookMode(app.env)) {
        throw new AppError("NOT_FOUND", "Telegram's webhook is not enabled on this server.");
      }
      const given = request.headers["x-telegram-bot-api-secret-token"];
      // Equal-length digests: the comparison takes the same time whatever was sent.
      if (typeof given !== "string" || !timingSafeEqual(digest(given), digest(secret))) {
        throw new AppError("UNAUTHORIZED", "The request's Telegram secret token is not valid.");
      }
      const update = UpdateSchema.safeParse(request.body);
      if (!update.success) throw new AppError("BAD_REQUEST", "This is not a Telegram update.");
      await loadBotInfo(bot).catch(() => {
        throw new AppError("UNAVAILABLE", "Telegram could not be reached; send the update again.");
      });
      await handleTelegramUpdate(bot, update.data, app.log);
      return reply.send({ ok: true });
    },
  );
}
