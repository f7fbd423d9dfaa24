// What reaches Tend from outside without a session: Twilio's incoming-text webhook (signed
// with the account's auth token, accepted only from a user's verified number) and the undo
// links of the assistant's answers (a GET shows a page, a POST undoes, as one-tap links do).
import { eq, and } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { createRateCounter } from "../../lib/rate-counter";
import { html, type SafeHtml } from "../../lib/html";
import { getUserTimeZone } from "../contacts/contacts.public";
import { confirmForm, sendPage } from "../reminders/reminders.public";
import { handleReply, type InboundDeps } from "./handle-reply";
import { isSmsReplyEnabled, latestSmsDigest } from "./inbound-addresses";
import { listUndoableActionIds } from "./replies.service";
import { undoAction } from "./reply-actions";
import { verifyUndoToken, type UndoClaims } from "./reply-tokens";
import { isTwilioSignatureValid } from "./twilio-signature";
import { addFormBodyParser } from "../../lib/form-body";

const TokenParamsSchema = z.object({ token: z.string().min(1).max(1000) });
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
/** Texts a number may send in SMS_WINDOW_MS; past it they are not read (and not answered). */
export const SMS_PER_NUMBER = 20;
const SMS_WINDOW_MS = 10 * 60_000;

export async function inboundRoutes(fastify: FastifyInstance, opts: { inbound: InboundDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perNumber = createRateCounter(app.db, {
    name: "sms",
    max: SMS_PER_NUMBER,
    windowMs: SMS_WINDOW_MS,
    now: () => app.clock.now(),
  });
  addFormBodyParser(app, 16_384);

  function twiml(reply: FastifyReply) {
    return reply.type("text/xml; charset=utf-8").send(EMPTY_TWIML);
  }

  app.post(
    "/api/inbound/sms/twilio",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { hide: true, body: z.record(z.string(), z.unknown()).optional() },
    },
    async (request, reply) => {
      const token = app.env.TWILIO_AUTH_TOKEN;
      if (!isSmsReplyEnabled(app.env) || !token)
        throw new AppError("NOT_FOUND", "Text replies are not set up on this server.");
      const params = Object.fromEntries(
        Object.entries(request.body ?? {}).map(([key, value]) => [key, String(value)]),
      );
      const signature = request.headers["x-twilio-signature"];
      const isValid = isTwilioSignatureValid(token, {
        url: `${app.env.APP_URL}${request.url}`,
        params,
        signature: typeof signature === "string" ? signature : undefined,
      });
      if (!isValid) throw new AppError("FORBIDDEN", "The request's Twilio signature is not valid.");
      const from = (params.From ?? "").trim();
      const body = (params.Body ?? "").trim();
      if (!from || !body) return twiml(reply);
      const [user] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phoneNumber, from), eq(users.phoneNumberVerified, true)));
      if (!user) {
        request.log.info("text from an unknown or unverified number dropped");
        return twiml(reply);
      }
      if (!(await perNumber.take(from)).isAllowed) {
        request.log.warn("texts from one number over the limit dropped");
        return twiml(reply);
      }
      const digest = await latestSmsDigest(app.db, user.id);
      await handleReply(opts.inbound, {
        userId: user.id,
        channel: "sms",
        from,
        subject: null,
        text: body,
        messageId: params.MessageSid ? `twilio:${params.MessageSid}` : null,
        deliveryId: digest?.deliveryId ?? null,
        digestLines: digest?.digestLines ?? [],
        receivedAt: app.clock.now(),
      });
      // The answer goes through the outbox (retried, logged); Twilio is told nothing more.
      return twiml(reply);
    },
  );

  function send(reply: FastifyReply, status: number, title: string, body: SafeHtml) {
    return sendPage(reply, app.env, { status, title, body });
  }

  function refuse(reply: FastifyReply, reason: "invalid" | "expired") {
    if (reason === "expired") {
      return send(
        reply,
        410,
        "This link has expired",
        html`<p>
          Undo links in the assistant's answers work for 7 days. Open ${app.env.APP_NAME} to change
          the contact's history there.
        </p>`,
      );
    }
    return send(
      reply,
      400,
      "This link is not valid",
      html`<p>
        It may have been cut off or changed. Open the answer again and use the whole link.
      </p>`,
    );
  }

  async function check(token: string): Promise<UndoClaims | "invalid" | "expired"> {
    const result = verifyUndoToken(app.env.AUTH_SECRET, token, app.clock.now());
    if (!result.ok) return result.reason;
    const [user] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, result.claims.userId));
    return user ? result.claims : "expired";
  }

  app.get(
    "/reply-undo/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const claims = await check(request.params.token);
      if (typeof claims === "string") return refuse(reply, claims);
      const what =
        claims.target === "reply" ? "everything the assistant did from your text" : "this change";
      return send(
        reply,
        200,
        "Undo the assistant's change?",
        html`<p>This takes back ${what}: a logged entry is removed, a changed detail put back.</p>
          ${confirmForm(`/reply-undo/${request.params.token}`, "Undo")}`,
      );
    },
  );

  app.post(
    "/reply-undo/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const claims = await check(request.params.token);
      if (typeof claims === "string") return refuse(reply, claims);
      const ctx = {
        userId: claims.userId,
        now: app.clock.now(),
        timeZone: await getUserTimeZone(app.db, claims.userId),
      };
      const ids =
        claims.target === "reply"
          ? await listUndoableActionIds(app.db, claims.userId, claims.id)
          : [claims.id];
      try {
        for (const id of ids) await undoAction(app.db, id, ctx);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return send(reply, error.status, "That did not work", html`<p>${error.message}</p>`);
      }
      if (ids.length === 0) {
        return send(reply, 200, "Already undone", html`<p>There is nothing left to undo.</p>`);
      }
      return send(
        reply,
        200,
        "Undone",
        html`<p>
          The change is taken back. It waits on
          <a href="${app.env.APP_URL}/app/replies">your replies</a> if you want it after all.
        </p>`,
      );
    },
  );
}
