// Telegram reminders (issue 49): the bot (grammy, pointed at TELEGRAM_API_URL), and the outbox's
// sender, which renders a ChatMessage as text with inline buttons per person.
import { createHmac } from "node:crypto";
import { Bot, GrammyError, HttpError } from "grammy";
import type { InlineKeyboardButton, UserFromGetMe } from "grammy/types";
import type { ChatMessage } from "../../../core/chat-channels";
import type { Env } from "../../env";
import { DeliveryError } from "../outbox/outbox.public";
import type { ChatSenderFactory } from "./channel-transports";
import { chatButtonData } from "./chat-inbound";

/** Telegram's limit on a message's text. */
const TELEGRAM_TEXT_LIMIT = 4096;
const BUTTON_NAME_LIMIT = 40;

export function createTelegramBot(env: Env): Bot | null {
  if (!env.TELEGRAM_BOT_TOKEN) return null;
  return new Bot(env.TELEGRAM_BOT_TOKEN, {
    // Above the long poll's own wait (telegram-poll.ts), so a quiet poll is never cut short.
    client: { apiRoot: env.TELEGRAM_API_URL, timeoutSeconds: 60 },
  });
}

/** The bot's own account (its username makes the start link); asked of Telegram once. */
export async function loadBotInfo(bot: Bot): Promise<UserFromGetMe> {
  if (!bot.isInited()) bot.botInfo = await bot.api.getMe();
  return bot.botInfo;
}

/** Telegram's X-Telegram-Bot-Api-Secret-Token for this server's webhook ([A-Za-z0-9_-]). */
export function telegramWebhookSecret(env: Env): string {
  return createHmac("sha256", env.AUTH_SECRET)
    .update(`telegram-webhook:${env.TELEGRAM_BOT_TOKEN ?? ""}`)
    .digest("base64url");
}

/** Webhook mode needs a public https address Telegram can post to; else the bot long-polls. */
export function isTelegramWebhookMode(env: Env): boolean {
  return Boolean(
    env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_WEBHOOK && env.APP_URL.startsWith("https://"),
  );
}

function buttonName(name: string): string {
  return name.length > BUTTON_NAME_LIMIT ? `${name.slice(0, BUTTON_NAME_LIMIT - 1)}…` : name;
}

/** A digest's inline keyboard: a row per person, then "Open Tend" (Telegram takes https only). */
export function telegramKeyboard(message: ChatMessage): InlineKeyboardButton[][] {
  if (message.kind !== "digest") return [];
  const rows: InlineKeyboardButton[][] = [];
  const { deliveryId } = message;
  if (deliveryId) {
    const isOne = message.people.length === 1;
    message.people.forEach((person, index) => {
      rows.push([
        {
          text: isOne ? "Mark contacted" : `✓ ${buttonName(person.name)}`,
          callback_data: chatButtonData("contacted", deliveryId, index),
        },
        { text: "Snooze 1 week", callback_data: chatButtonData("snooze", deliveryId, index) },
      ]);
    });
  }
  if (message.openUrl.startsWith("https://"))
    rows.push([{ text: "Open Tend", url: message.openUrl }]);
  return rows;
}

export function telegramText(message: ChatMessage): string {
  const { text } = message;
  return text.length > TELEGRAM_TEXT_LIMIT ? `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…` : text;
}

/**
 * What a failed call means for the outbox: the user blocked the bot or the chat is gone
 * (permanent: retrying cannot help); too many requests, Telegram's trouble or the network's
 * (transient: retried with backoff).
 */
export function toTelegramDeliveryError(error: unknown): DeliveryError {
  if (error instanceof GrammyError) {
    const code = error.error_code;
    if (code === 403) {
      return new DeliveryError(
        "The bot was blocked or removed from the chat (403). Unblock it, or connect Telegram again in Settings.",
        true,
      );
    }
    if (code === 400 && /chat not found/i.test(error.description)) {
      return new DeliveryError(
        "The chat was not found (400). Connect Telegram again in Settings.",
        true,
      );
    }
    // Any other 400 is a message Telegram will never take as it is: sending it again cannot help.
    return new DeliveryError(`Telegram answered ${code}: ${error.description}`, code === 400);
  }
  if (error instanceof HttpError) return new DeliveryError("Could not reach Telegram.", false);
  return new DeliveryError(error instanceof Error ? error.message : String(error), false);
}

export const createTelegramSender: ChatSenderFactory = ({ env }) => {
  const bot = createTelegramBot(env);
  if (!bot) return null;
  return {
    name: "telegram",
    async send(message, channel) {
      const keyboard = telegramKeyboard(message);
      try {
        await bot.api.sendMessage(channel.address!, telegramText(message), {
          link_preview_options: { is_disabled: true },
          ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
        });
      } catch (error) {
        throw toTelegramDeliveryError(error);
      }
    },
  };
};
