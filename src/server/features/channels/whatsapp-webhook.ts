// What the WhatsApp Cloud API's webhook brings (issue 49): checked against the app secret, then
// each message from a number that opted in — a quick-reply press logs or snoozes like a one-tap
// link, free text goes to the assistant. Anything else (status updates, strangers, stickers) is
// acknowledged and changes nothing, so Meta does not send it again.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { reminderChannels, users } from "../../db/schema/index";
import type { Env } from "../../env";
import { AppError } from "../../lib/app-error";
import { chatRow, enqueue } from "../outbox/outbox.public";
import { createRateCounter } from "../../lib/rate-counter";
import type { InboundDeps } from "../replies/replies.public";
import { pressChatButton, receiveChatText } from "./chat-inbound";
import { toWaId } from "./whatsapp";

/** Messages a number may send in WINDOW_MS; past it they are not read (and not answered). */
export const WHATSAPP_PER_NUMBER = 30;
const WINDOW_MS = 10 * 60_000;

const MessageSchema = z.object({
  from: z.string().max(32),
  id: z.string().max(256),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ payload: z.string().max(256).optional() }).optional(),
  interactive: z
    .object({ button_reply: z.object({ id: z.string().max(256) }).optional() })
    .optional(),
});
type WhatsAppMessage = z.infer<typeof MessageSchema>;

const PayloadSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({ messages: z.array(z.unknown()).optional() }).optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** Meta's subscription check: the challenge to echo, or null when the token is not ours. */
export function whatsAppChallenge(
  env: Env,
  query: { "hub.mode"?: string; "hub.verify_token"?: string; "hub.challenge"?: string },
): string | null {
  const token = query["hub.verify_token"];
  if (query["hub.mode"] !== "subscribe" || !token || !env.WHATSAPP_VERIFY_TOKEN) return null;
  return isSameText(token, env.WHATSAPP_VERIFY_TOKEN) ? (query["hub.challenge"] ?? "") : null;
}

function isSameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. */
export function whatsAppSignature(appSecret: string, raw: Buffer): string {
  return `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
}

function parsePayload(raw: Buffer): WhatsAppMessage[] {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new AppError("BAD_REQUEST", "The body is not JSON.");
  }
  const payload = PayloadSchema.safeParse(json);
  if (!payload.success)
    throw new AppError("BAD_REQUEST", "The body is not a WhatsApp webhook payload.");
  // A message of a shape Tend does not know is passed over, not a reason to refuse the rest.
  return payload.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value?.messages ?? []).flatMap((m) => {
        const parsed = MessageSchema.safeParse(m);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
}

export function createWhatsAppWebhook(inbound: InboundDeps) {
  const perNumber = createRateCounter(inbound.db, {
    name: "whatsapp",
    max: WHATSAPP_PER_NUMBER,
    windowMs: WINDOW_MS,
    now: inbound.now,
  });

  async function channelOf(from: string) {
    const rows = await inbound.db
      .select({
        id: reminderChannels.id,
        userId: reminderChannels.userId,
        phone: users.phoneNumber,
        isVerified: users.phoneNumberVerified,
      })
      .from(reminderChannels)
      .innerJoin(users, eq(users.id, reminderChannels.userId))
      .where(
        and(
          eq(reminderChannels.kind, "whatsapp"),
          eq(reminderChannels.address, from),
          isNotNull(reminderChannels.connectedAt),
        ),
      );
    // Only while the number is still the account's verified one.
    return rows.find((r) => r.isVerified && r.phone && toWaId(r.phone) === from) ?? null;
  }

  async function answer(channel: { id: string; userId: string }, text: string) {
    const now = inbound.now();
    await enqueue(inbound.db, [
      chatRow({
        channel: "whatsapp",
        kind: "chat-button",
        channelId: channel.id,
        userId: channel.userId,
        message: {
          kind: "answer",
          text,
          title: text,
          people: [],
          openUrl: `${inbound.env.APP_URL}/app`,
          isTest: false,
          deliveryId: null,
          createdAt: now.toISOString(),
        },
      }),
    ]);
    inbound.kick();
  }

  function receivedAt(message: WhatsAppMessage): Date {
    const now = inbound.now();
    const sent = Number(message.timestamp) * 1000;
    // Meta may deliver late: "yesterday" means the day before it was written, not read.
    return Number.isFinite(sent) && sent > 0 && sent < now.getTime() ? new Date(sent) : now;
  }

  async function handleMessage(message: WhatsAppMessage, log: FastifyBaseLogger) {
    const from = toWaId(message.from);
    const channel = from ? await channelOf(from) : null;
    if (!channel) {
      log.info("a WhatsApp message from a number that did not opt in dropped");
      return;
    }
    if (!(await perNumber.take(from)).isAllowed) {
      log.warn("WhatsApp messages from one number over the limit dropped");
      return;
    }
    const data = message.button?.payload ?? message.interactive?.button_reply?.id;
    if (message.type === "button" || message.type === "interactive") {
      if (!data) return;
      const pressed = await pressChatButton(inbound, { userId: channel.userId, data });
      await answer(channel, pressed.text);
      return;
    }
    if (message.type === "text" && message.text?.body.trim()) {
      await receiveChatText(inbound, {
        userId: channel.userId,
        kind: "whatsapp",
        channelId: channel.id,
        text: message.text.body,
        messageId: `wa:${message.id}`,
        receivedAt: receivedAt(message),
      });
    }
  }

  return {
    /** Throws AppError for a bad signature or body; a failure of ours lets Meta retry. */
    async handle(input: { raw: Buffer; signature: string | undefined; log: FastifyBaseLogger }) {
      const secret = inbound.env.WHATSAPP_APP_SECRET;
      if (
        !secret ||
        !input.signature ||
        !isSameText(input.signature, whatsAppSignature(secret, input.raw))
      ) {
        throw new AppError("UNAUTHORIZED", "The request's X-Hub-Signature-256 is not valid.");
      }
      for (const message of parsePayload(input.raw)) await handleMessage(message, input.log);
    },
  };
}
