// A local stand-in for the Telegram Bot API (one file per outside vendor): getMe, getUpdates
// (offset confirmation and long polling, 409 when two pollers overlap, as Telegram answers),
// sendMessage, editMessageText, answerCallbackQuery, setWebhook and deleteWebhook. A test acts
// as a Telegram user through `chat(...)`: it sends text or presses a button of a message the bot
// sent, and can wait until the bot has confirmed (handled) that update.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const TELEGRAM_TEST_TOKEN = "123456:test-telegram-token";
export const TELEGRAM_TEST_BOT = "tend_test_bot";

type InlineButton = { text: string; callback_data?: string; url?: string };
export type SentMessage = {
  message_id: number;
  chat_id: number;
  text: string;
  reply_markup?: { inline_keyboard: InlineButton[][] };
};
export type CallbackAnswer = { callback_query_id: string; text?: string };
type Update = { update_id: number } & Record<string, unknown>;
type Waiter = { offset: number; resolve: (updates: Update[]) => void };

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeTelegram() {
  const sent: SentMessage[] = [];
  const callbackAnswers: CallbackAnswer[] = [];
  const edits: {
    chat_id: number;
    message_id: number;
    text: string;
    reply_markup?: SentMessage["reply_markup"];
  }[] = [];
  const state = {
    webhook: null as { url: string; secretToken: string | undefined } | null,
    /** Answer the next sendMessage calls with this status (403 blocked, 429, 500…). */
    failSendWith: null as number | null,
    getUpdatesCalls: 0,
    /** getUpdates calls refused because another one was still waiting. */
    conflicts: 0,
    /** The highest offset a poller confirmed. */
    confirmedOffset: 0,
  };
  /** Chats that have talked to the bot: Telegram answers "chat not found" for any other. */
  const knownChats = new Set<number>();
  const blockedChats = new Set<number>();
  const queue: Update[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1000;
  let waiter: Waiter | null = null;
  const confirmations: { updateId: number; resolve: () => void }[] = [];

  function pending(offset: number): Update[] {
    return queue.filter((u) => u.update_id >= offset);
  }

  function confirm(offset: number) {
    state.confirmedOffset = Math.max(state.confirmedOffset, offset);
    queue.splice(0, queue.length, ...pending(offset));
    for (const c of confirmations.filter((c) => c.updateId < offset)) c.resolve();
    confirmations.splice(
      0,
      confirmations.length,
      ...confirmations.filter((c) => c.updateId >= offset),
    );
  }

  function push(update: Omit<Update, "update_id">): number {
    const full = { update_id: nextUpdateId++, ...update } as Update;
    queue.push(full);
    if (waiter) {
      const w = waiter;
      waiter = null;
      w.resolve(pending(w.offset));
    }
    return full.update_id;
  }

  const methods: Record<string, (body: Record<string, unknown>, res: ServerResponse) => unknown> = {
    getMe: () => ({
      id: 123456,
      is_bot: true,
      first_name: "Tend",
      username: TELEGRAM_TEST_BOT,
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
    async getUpdates(body, res) {
      state.getUpdatesCalls += 1;
      if (state.webhook) {
        throw apiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      }
      if (waiter) {
        state.conflicts += 1;
        throw apiError(
          409,
          "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
        );
      }
      const offset = Number(body.offset ?? 0);
      if (offset > 0) confirm(offset);
      const ready = pending(offset).slice(0, Number(body.limit ?? 100));
      const timeout = Number(body.timeout ?? 0);
      if (ready.length > 0 || timeout <= 0) return ready;
      return new Promise<Update[]>((resolve) => {
        const w: Waiter = { offset, resolve };
        waiter = w;
        const done = (updates: Update[]) => {
          clearTimeout(timer);
          if (waiter === w) waiter = null;
          resolve(updates);
        };
        w.resolve = done;
        const timer = setTimeout(() => done([]), timeout * 1000);
        // A poller that gave up (aborted) no longer holds the long poll.
        res.on("close", () => done([]));
      });
    },
    sendMessage(body) {
      const chatId = Number(body.chat_id);
      if (state.failSendWith) throw apiError(state.failSendWith, describe(state.failSendWith));
      if (blockedChats.has(chatId)) throw apiError(403, "Forbidden: bot was blocked by the user");
      if (!knownChats.has(chatId)) throw apiError(400, "Bad Request: chat not found");
      const message: SentMessage = {
        message_id: nextMessageId++,
        chat_id: chatId,
        text: str(body.text) ?? "",
        reply_markup: body.reply_markup as SentMessage["reply_markup"],
      };
      sent.push(message);
      return { message_id: message.message_id, chat: { id: chatId, type: "private" }, date: 0 };
    },
    editMessageText(body) {
      const edit = {
        chat_id: Number(body.chat_id),
        message_id: Number(body.message_id),
        text: str(body.text) ?? "",
        reply_markup: body.reply_markup as SentMessage["reply_markup"],
      };
      edits.push(edit);
      // As Telegram does, the chat now shows the edited message (a later press sees it).
      const message = sent.find(
        (m) => m.chat_id === edit.chat_id && m.message_id === edit.message_id,
      );
      if (message) Object.assign(message, { text: edit.text, reply_markup: edit.reply_markup });
      return true;
    },
    answerCallbackQuery(body) {
      callbackAnswers.push({
        callback_query_id: String(body.callback_query_id),
        text: str(body.text),
      });
      return true;
    },
    setWebhook(body) {
      state.webhook = {
        url: str(body.url) ?? "",
        secretToken: str(body.secret_token),
      };
      return true;
    },
    deleteWebhook() {
      state.webhook = null;
      return true;
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const reply = (status: number, payload: object) => {
        if (res.headersSent || res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
      if (match[1] !== TELEGRAM_TEST_TOKEN) {
        return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
      }
      const method = methods[match[2]!];
      if (!method) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
      try {
        const result = await method(await readJson(req), res);
        reply(200, { ok: true, result });
      } catch (error) {
        const { status, description } = error as { status: number; description: string };
        reply(status, {
          ok: false,
          error_code: status,
          description,
          ...(status === 429 ? { parameters: { retry_after: 1 } } : {}),
        });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** A Telegram user in a private chat with the bot (the chat id is the user's id). */
  function chat(id: number, user: { username?: string; firstName?: string } = {}) {
    const from = {
      id,
      is_bot: false,
      first_name: user.firstName ?? "Ada",
      ...(user.username ? { username: user.username } : {}),
    };
    const chatInfo = { id, type: "private", first_name: from.first_name };
    return {
      id,
      /** The user types `text` (a command like "/start X" too); answers the update's id. */
      send(text: string) {
        knownChats.add(id);
        const entities = text.startsWith("/")
          ? [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }]
          : undefined;
        return push({
          message: {
            message_id: nextMessageId++,
            from,
            chat: chatInfo,
            date: Math.floor(Date.now() / 1000),
            text,
            ...(entities ? { entities } : {}),
          },
        });
      },
      /** The user presses the button `data` under one of the bot's messages. */
      press(pressed: SentMessage, data: string) {
        // The message as the chat shows it now, with its keyboard, as Telegram sends it along.
        const message = sent.find((m) => m.message_id === pressed.message_id) ?? pressed;
        return push({
          callback_query: {
            id: `cb${nextUpdateId}`,
            from,
            chat_instance: `ci${id}`,
            message: {
              message_id: message.message_id,
              from: { id: 123456, is_bot: true, first_name: "Tend", username: TELEGRAM_TEST_BOT },
              chat: chatInfo,
              date: 0,
              text: message.text,
              ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
            },
            data,
          },
        });
      },
      /** The user blocks the bot: sends to this chat are refused with 403. */
      block() {
        blockedChats.add(id);
      },
      /** What the bot sent this chat, oldest first. */
      messages: () => sent.filter((m) => m.chat_id === id),
    };
  }

  return {
    env: { TELEGRAM_BOT_TOKEN: TELEGRAM_TEST_TOKEN, TELEGRAM_API_URL: `http://127.0.0.1:${port}` },
    sent,
    edits,
    callbackAnswers,
    state,
    chat,
    /** The update a test posts to the webhook route itself, as Telegram would. */
    takeUpdate(updateId: number): Update | undefined {
      return queue.find((u) => u.update_id === updateId);
    },
    /** Resolves once a poller confirmed `updateId` (asked for updates after it: handled). */
    handled(updateId: number): Promise<void> {
      if (state.confirmedOffset > updateId) return Promise.resolve();
      return new Promise((resolve) => confirmations.push({ updateId, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        waiter?.resolve([]);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

function str(value: unknown): string | undefined {
  return typeof value === "string"
    ? value
    : value === undefined
      ? undefined
      : JSON.stringify(value);
}

function apiError(status: number, description: string) {
  return { status, description };
}

function describe(status: number): string {
  if (status === 403) return "Forbidden: bot was blocked by the user";
  if (status === 429) return "Too Many Requests: retry after 1";
  if (status === 400) return "Bad Request: chat not found";
  return "Internal Server Error";
}
