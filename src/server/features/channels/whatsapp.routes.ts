// WhatsApp's routes (issue 49): the opt-in from Settings (the user's verified phone number) and
// the Cloud API webhook — GET answers Meta's subscription check, POST brings button presses and
// messages, signed with the app secret in X-Hub-Signature-256.
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChatChannelsSchema } from "../../../core/chat-channels";
import { reminderChannels, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { InboundDeps } from "../replies/replies.public";
import { isWhatsAppConfigured, listChatChannels, saveChannel } from "./channels.service";
import { formatWhatsAppLabel, toWaId } from "./whatsapp";
import { createWhatsAppWebhook, whatsAppChallenge } from "./whatsapp-webhook";

const ChallengeQuerySchema = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});

function requireWhatsApp(app: FastifyInstance) {
  if (!isWhatsAppConfigured(app.env)) {
    throw new AppError(
      "CONFLICT",
      "WhatsApp reminders are not set up on this server. Choose another channel, or ask whoever runs it to set WhatsApp up.",
    );
  }
}

export async function whatsAppRoutes(fastify: FastifyInstance, opts: { inbound: InboundDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/reminders/chat-channels/whatsapp",
    { preHandler: app.requireUser, schema: { response: { 200: ChatChannelsSchema } } },
    async (request) => {
      requireWhatsApp(app);
      const userId = request.user.id;
      const [user] = await app.db
        .select({ phone: users.phoneNumber, isVerified: users.phoneNumberVerified })
        .from(users)
        .where(eq(users.id, userId));
      if (!user?.phone || !user.isVerified) {
        throw new AppError(
          "CONFLICT",
          "Verify your phone number in Settings first: WhatsApp reminders go to your verified number.",
        );
      }
      const waId = toWaId(user.phone);
      const now = app.clock.now();
      await app.db.transaction(async (tx) => {
        // A number verified here belongs to this account now: nobody else's digests go to it.
        await tx
          .delete(reminderChannels)
          .where(
            and(
              eq(reminderChannels.kind, "whatsapp"),
              eq(reminderChannels.address, waId),
              ne(reminderChannels.userId, userId),
            ),
          );
        await saveChannel(tx, {
          userId,
          kind: "whatsapp",
          address: waId,
          label: formatWhatsAppLabel(waId),
          secret: null,
          now,
        });
      });
      return listChatChannels(app.db, app.env, userId, now);
    },
  );

  const inbound = createWhatsAppWebhook(opts.inbound);
  await app.register(async (scope) => {
    // The signature covers the exact bytes Meta sent: keep them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1_048_576 }, (_r, body, done) =>
      done(null, body),
    );
    const webhook = scope.withTypeProvider<ZodTypeProvider>();
    const config = { rateLimit: { max: 600, timeWindow: "1 minute" } };

    webhook.get(
      "/api/inbound/whatsapp",
      { config, schema: { hide: true, querystring: ChallengeQuerySchema } },
      async (request, reply) => {
        if (!isWhatsAppConfigured(app.env))
          throw new AppError("NOT_FOUND", "WhatsApp is not set up on this server.");
        const challenge = whatsAppChallenge(app.env, request.query);
        if (challenge === null) {
          return reply
            .code(403)
            .type("text/plain; charset=utf-8")
            .send("The verify token does not match.");
        }
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );

    const schema = { hide: true, response: { 200: z.object({ received: z.literal(true) }) } };
    webhook.post("/api/inbound/whatsapp", { config, schema }, async (request) => {
      if (!isWhatsAppConfigured(app.env))
        throw new AppError("NOT_FOUND", "WhatsApp is not set up on this server.");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["x-hub-signature-256"];
      await inbound.handle({
        raw,
        signature: typeof signature === "string" ? signature : undefined,
        log: request.log,
      });
      return { received: true as const };
    });
  });
}
