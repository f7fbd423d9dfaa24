// The webhook channel: each message is POSTed to the user's URL as JSON, signed the way Stripe
// signs (Tend-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">), with the outbox
// row's id as Tend-Delivery so a receiver can drop a retry it already handled. docs/webhooks.md
// is the receiver's side of this contract.
import { createHmac, randomBytes } from "node:crypto";
import type { ChatMessage } from "../../../core/chat-channels";
import type { Env } from "../../env";
import { DeliveryError } from "../outbox/outbox.public";
import type { ChatSenderFactory } from "./channel-transports";
import { postToUserUrl } from "./user-url-post";

export const WEBHOOK_SIGNATURE_HEADER = "Tend-Signature";
export const WEBHOOK_DELIVERY_HEADER = "Tend-Delivery";
const WEBHOOK_SECRET_PREFIX = "whsec_";

export type WebhookEventType = "reminder.digest" | "reminder.test" | "assistant.answer";

export type WebhookEvent = {
  /** The same on every retry of one message: the receiver's idempotency key. */
  id: string;
  type: WebhookEventType;
  createdAt: string;
  /** The reminder delivery the message belongs to (as in the app's delivery log). */
  deliveryId: string | null;
  title: string;
  text: string;
  people: ChatMessage["people"];
  openUrl: string;
};

export function createWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function toWebhookEvent(message: ChatMessage, id: string): WebhookEvent {
  const type: WebhookEventType =
    message.kind === "answer"
      ? "assistant.answer"
      : message.isTest
        ? "reminder.test"
        : "reminder.digest";
  return {
    id,
    type,
    createdAt: message.createdAt,
    deliveryId: message.deliveryId,
    title: message.title,
    text: message.text,
    people: message.people.map((p) => ({
      contactId: p.contactId,
      name: p.name,
      line: p.line,
      markContactedUrl: p.markContactedUrl,
      snoozeUrl: p.snoozeUrl,
    })),
    openUrl: message.openUrl,
  };
}

/** The Tend-Signature value for `body` sent at `unixSeconds`; the key is the whole secret. */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * POSTs `body` to a user's webhook URL, signed with `secret` when sent (so a retry hours later is
 * still inside the receiver's replay window), with `deliveryId` as Tend-Delivery. Resolves with
 * the receiver's status; throws a DeliveryError (carrying the status, if any) otherwise.
 */
export async function postSignedWebhook(
  target: { url: string; secret: string },
  message: { body: string; deliveryId: string },
  env: Env,
): Promise<number> {
  const signature = signWebhookBody(target.secret, message.body, Math.floor(Date.now() / 1000));
  const headers = {
    "content-type": "application/json",
    "user-agent": `${env.APP_NAME.replace(/[^A-Za-z0-9]+/g, "-")}-Webhooks/1.0`,
    [WEBHOOK_SIGNATURE_HEADER]: signature,
    [WEBHOOK_DELIVERY_HEADER]: message.deliveryId,
  };
  return postToUserUrl(target.url, { headers, body: message.body }, { env, peer: "The webhook" });
}

export const createWebhookSender: ChatSenderFactory = ({ env }) => ({
  name: "webhook",
  async send(message, channel, { messageId }) {
    if (!channel.secret || !channel.address) {
      throw new DeliveryError("The webhook has no signing secret. Connect it again.", true);
    }
    const body = JSON.stringify(toWebhookEvent(message, messageId));
    await postSignedWebhook(
      { url: channel.address, secret: channel.secret },
      { body, deliveryId: messageId },
      env,
    );
  },
});
