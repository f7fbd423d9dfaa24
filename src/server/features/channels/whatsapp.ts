// WhatsApp through Meta's Cloud API (issue 49, decision 279): a digest goes as the operator's
// approved template (a business may only start a conversation with one), with the first person's
// "Mark contacted" and "Snooze 1 week" as its quick-reply buttons; an answer goes as plain text,
// which WhatsApp allows within 24 hours of the user's last message (an answer always is).
import { eq } from "drizzle-orm";
import type { ChatMessage } from "../../../core/chat-channels";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import type { Env } from "../../env";
import { DeliveryError } from "../outbox/outbox.public";
import type { ChatSenderFactory } from "./channel-transports";
import { isWhatsAppConfigured } from "./channels.service";
import { chatButtonData } from "./chat-inbound";

/** The template's language: the approved template must exist in English ("en"). */
export const WHATSAPP_TEMPLATE_LANGUAGE = "en";
/** Parameter lengths that keep the template's whole body under WhatsApp's 1,024 characters. */
const TITLE_MAX = 60;
const LIST_MAX = 700;
const TEXT_MAX = 4096;
const TIMEOUT_MS = 15_000;
// Graph API error codes that mean "too many, slow down" even when the status is a 400.
const THROTTLED_CODES = new Set([4, 80007, 130429, 131048, 131056, 133016]);

/** A phone number as WhatsApp's `wa_id`: the international number's digits, no "+". */
export function toWaId(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** "+1 415-555-0199" for North American numbers, "+44 7700900123" style otherwise. */
export function formatWhatsAppLabel(waId: string): string {
  const nanp = /^1(\d{3})(\d{3})(\d{4})$/.exec(waId);
  if (nanp) return `+1 ${nanp[1]}-${nanp[2]}-${nanp[3]}`;
  return `+${waId}`;
}

// A template parameter may not hold a newline, a tab or more than four spaces in a row.
function asParameter(text: string, max: number): string {
  const flat = text.replace(/[\t ]{2,}/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The digest's lines after its heading, on one line: "1. Ada Lovelace: …; 2. …". */
function digestList(message: ChatMessage): string {
  const lines = message.text.split("\n").map((line) => line.trim());
  const body = lines[0]?.endsWith(message.title) ? lines.slice(1) : lines;
  return body
    .filter(Boolean)
    .reduce((list, line) => (list ? `${list}${list.endsWith(":") ? " " : "; "}${line}` : line), "");
}

/** The Graph API request body for one message to one WhatsApp user. */
export function whatsAppRequest(env: Env, message: ChatMessage, to: string): object {
  const base = { messaging_product: "whatsapp", recipient_type: "individual", to };
  if (message.kind === "answer") {
    return {
      ...base,
      type: "text",
      text: { body: message.text.slice(0, TEXT_MAX), preview_url: false },
    };
  }
  const first = message.people[0];
  // Without a person the buttons carry no payload: a press then echoes its label, which is
  // not button data, and is answered as such.
  const buttons =
    first && message.deliveryId
      ? (["contacted", "snooze"] as const).map((action, index) => ({
          type: "button",
          sub_type: "quick_reply",
          index: String(index),
          parameters: [
            { type: "payload", payload: chatButtonData(action, message.deliveryId!, 0) },
          ],
        }))
      : [];
  return {
    ...base,
    type: "template",
    template: {
      name: env.WHATSAPP_TEMPLATE,
      language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: asParameter(message.title, TITLE_MAX) },
            { type: "text", text: asParameter(digestList(message) || "-", LIST_MAX) },
            { type: "text", text: message.openUrl },
          ],
        },
        ...buttons,
      ],
    },
  };
}

type GraphError = {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
};

async function failure(res: Response): Promise<DeliveryError> {
  const body = (await res.json().catch(() => ({}))) as GraphError;
  const code = body.error?.code;
  const detail = body.error?.error_data?.details ?? body.error?.message;
  const isThrottled = res.status === 429 || (code !== undefined && THROTTLED_CODES.has(code));
  const isPermanent = res.status >= 400 && res.status < 500 && !isThrottled;
  return new DeliveryError(
    `WhatsApp answered ${res.status}${code !== undefined ? ` (#${code})` : ""}${detail ? `: ${detail}` : ""}`,
    isPermanent,
  );
}

/** The number a channel goes to is still its owner's verified one (a number can change hands). */
async function isStillVerified(db: Db, userId: string, waId: string): Promise<boolean> {
  const [user] = await db
    .select({ phone: users.phoneNumber, isVerified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(user?.isVerified && user.phone && toWaId(user.phone) === waId);
}

export const createWhatsAppSender: ChatSenderFactory = ({ db, env }) => {
  if (!isWhatsAppConfigured(env)) return null;
  // The API URL is the operator's setting, not a user's: a plain fetch is right here.
  const endpoint = `${env.WHATSAPP_API_URL}/${encodeURIComponent(env.WHATSAPP_PHONE_NUMBER_ID!)}/messages`;
  return {
    name: "whatsapp",
    async send(message, channel) {
      const to = toWaId(channel.address!);
      if (!(await isStillVerified(db, channel.userId, to))) {
        throw new DeliveryError(
          "Your phone number is no longer verified. Verify it in Settings and turn WhatsApp on again.",
          true,
        );
      }
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: {
            authorization: `Bearer ${env.WHATSAPP_TOKEN}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(whatsAppRequest(env, message, to)),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(
          `Could not reach WhatsApp (${error instanceof Error ? error.message : String(error)})`,
          false,
        );
      }
      if (!res.ok) throw await failure(res);
    },
  };
};
