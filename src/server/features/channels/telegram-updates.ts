// What the bot does with each update, whether long-polled or posted to the webhook: /start with a
// link's token binds the chat, /stop unbinds it, a button press acts on the digest's person, free
// text goes to the assistant. A chat bound to no account is told how to connect and changes
// nothing; only private chats are served, so a group cannot act on someone's contacts.
import type { Bot, Context } from "grammy";
import type { InlineKeyboardButton, Update } from "grammy/types";
import { createRateCounter } from "../../lib/rate-counter";
import type { InboundDeps } from "../replies/replies.public";
import { pressChatButton, receiveChatText } from "./chat-inbound";
import { bindChat, findChatOwner, unbindChat } from "./telegram-connect";

/** Updates a chat may send in a minute; past that they are dropped unread. */
export const TELEGRAM_PER_CHAT = 30;

export const TELEGRAM_TEXTS = {
  connected: "Connected to Tend. Your reminders will come here.",
  badLink:
    "This link has expired or was already used. Get a new one in Tend: Settings → Reminders → Connect Telegram.",
  taken:
    "This chat already gets another Tend account's reminders. Send /stop here to disconnect that account first, then open your link again.",
  notConnected:
    "This chat is not connected to Tend. To get your reminders here, open Tend: Settings → Reminders → Connect Telegram.",
  stopped: "Disconnected. Tend will send no more reminders to this chat.",
  privateOnly: "Tend's reminders work in a private chat with the bot only.",
  textOnly: "I can read text only: tell me in words who you talked to.",
} as const;

function chatLabel(ctx: Context): string {
  const from = ctx.from;
  if (from?.username) return `@${from.username}`;
  return from?.first_name || `Chat ${ctx.chat?.id ?? ""}`.trim();
}

/**
 * A digest after a press: the answer as a "✓" line under its text, and the row holding the
 * pressed button (that person's two buttons) taken out. Null when that row is gone already (a
 * second press on a digest marked a moment ago).
 */
export function markedDigest(
  text: string,
  keyboard: InlineKeyboardButton[][],
  pressed: string,
  answer: string,
): { text: string; keyboard: InlineKeyboardButton[][] } | null {
  const line = `✓ ${answer}`;
  const rows = keyboard.filter(
    (row) => !row.some((button) => "callback_data" in button && button.callback_data === pressed),
  );
  if (rows.length === keyboard.length) return null;
  const marked = `${text}\n\n${line}`;
  return { text: marked.length > 4096 ? text : marked, keyboard: rows };
}

/** Installs the bot's handlers; the bot then takes updates through `handleUpdate`. */
export function installTelegramHandlers(bot: Bot, inbound: InboundDeps): void {
  const { db } = inbound;
  const perChat = createRateCounter(db, {
    name: "telegram-chat",
    max: TELEGRAM_PER_CHAT,
    windowMs: 60_000,
    now: inbound.now,
  });

  bot.use(async (ctx, next) => {
    const chat = ctx.chat;
    if (!chat) return;
    if (!(await perChat.take(String(chat.id))).isAllowed) {
      inbound.log.warn({ chat: chat.id }, "telegram: a chat sent too many updates; dropped");
      return;
    }
    if (chat.type !== "private") {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: TELEGRAM_TEXTS.privateOnly });
      else if (ctx.message) await ctx.reply(TELEGRAM_TEXTS.privateOnly);
      return;
    }
    await next();
  });

  bot.command("start", async (ctx) => {
    const chatId = String(ctx.chat.id);
    const token = ctx.match.trim();
    if (!token) {
      const owner = await findChatOwner(db, chatId);
      await ctx.reply(owner ? TELEGRAM_TEXTS.connected : TELEGRAM_TEXTS.notConnected);
      return;
    }
    const outcome = await bindChat(db, {
      token: token.slice(0, 64),
      chatId,
      label: chatLabel(ctx),
      now: inbound.now(),
    });
    if (outcome.status === "bound") await ctx.reply(TELEGRAM_TEXTS.connected);
    else
      await ctx.reply(outcome.status === "taken" ? TELEGRAM_TEXTS.taken : TELEGRAM_TEXTS.badLink);
  });

  bot.command("stop", async (ctx) => {
    const removed = await unbindChat(db, String(ctx.chat.id));
    await ctx.reply(removed ? TELEGRAM_TEXTS.stopped : TELEGRAM_TEXTS.notConnected);
  });

  bot.on("callback_query:data", async (ctx) => {
    const owner = await findChatOwner(db, String(ctx.chat!.id));
    if (!owner) {
      await ctx.answerCallbackQuery({ text: TELEGRAM_TEXTS.notConnected, show_alert: true });
      return;
    }
    const data = ctx.callbackQuery.data;
    const { text, done } = await pressChatButton(inbound, { userId: owner.userId, data });
    await ctx.answerCallbackQuery({ text });
    const message = ctx.callbackQuery.message;
    if (!done || !message || !("text" in message) || !message.text) return;
    // The digest itself shows what was done: its line under the text, that person's buttons gone.
    const edit = markedDigest(
      message.text,
      message.reply_markup?.inline_keyboard ?? [],
      data,
      text,
    );
    if (!edit) return;
    try {
      await ctx.editMessageText(edit.text, {
        link_preview_options: { is_disabled: true },
        reply_markup: { inline_keyboard: edit.keyboard },
      });
    } catch (error) {
      // Too old to edit, or edited already by a press a moment ago: the answer above said it.
      inbound.log.info({ err: error }, "telegram: could not mark the digest");
    }
  });

  bot.on("message:text", async (ctx) => {
    const chatId = String(ctx.chat.id);
    const owner = await findChatOwner(db, chatId);
    if (!owner) {
      await ctx.reply(TELEGRAM_TEXTS.notConnected);
      return;
    }
    await receiveChatText(inbound, {
      userId: owner.userId,
      kind: "telegram",
      channelId: owner.id,
      text: ctx.message.text,
      messageId: `tg:${chatId}:${ctx.message.message_id}`,
      // Telegram's time, unless the server's clock is behind it (a test's frozen clock).
      receivedAt: new Date(Math.min(ctx.message.date * 1000, inbound.now().getTime())),
    });
  });

  bot.on("message", async (ctx) => {
    const owner = await findChatOwner(db, String(ctx.chat.id));
    await ctx.reply(owner ? TELEGRAM_TEXTS.textOnly : TELEGRAM_TEXTS.notConnected);
  });
}

/** Handles one update; a failure is logged and the update let go, so it cannot block the rest. */
export async function handleTelegramUpdate(
  bot: Bot,
  update: Update,
  log: InboundDeps["log"],
): Promise<void> {
  try {
    await bot.handleUpdate(update);
  } catch (error) {
    log.error({ err: error, updateId: update.update_id }, "telegram: an update failed");
  }
}
