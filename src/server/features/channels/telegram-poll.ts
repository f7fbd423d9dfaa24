// How updates reach the bot, started with the background work: long polling by default (works
// behind a home router), by one process at a time — whoever holds the "telegram-poll" lease —
// or, with TELEGRAM_WEBHOOK=true and an https APP_URL, Telegram's webhook to the app's route.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Bot } from "grammy";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { releaseLease, takeLease } from "../../lib/service-lease";
import type { Services } from "../../services";
import { createInboundDeps, type InboundDeps } from "../replies/replies.public";
import {
  createTelegramBot,
  isTelegramWebhookMode,
  loadBotInfo,
  telegramWebhookSecret,
} from "./telegram";
import { handleTelegramUpdate, installTelegramHandlers } from "./telegram-updates";

export const TELEGRAM_POLL_LEASE = "telegram-poll";
export const TELEGRAM_UPDATE_TYPES = ["message", "callback_query"] as const;

export type PollOptions = {
  /** How long one getUpdates waits for an update. */
  pollSeconds?: number;
  leaseSeconds?: number;
  /** How often the holder renews its lease. */
  renewMs?: number;
  /** How often a process without the lease tries to take it (and waits after an error). */
  retryMs?: number;
};

export type TelegramPoller = {
  stop: () => Promise<void>;
  /** Whether this process holds the lease, and how often it tried to take it. */
  state: { isHolding: boolean; leaseAttempts: number };
};

export function startTelegramPolling(
  deps: { db: Db; bot: Bot; log: InboundDeps["log"] },
  options: PollOptions = {},
): TelegramPoller {
  const { db, bot, log } = deps;
  const pollSeconds = options.pollSeconds ?? 25;
  const renewMs = options.renewMs ?? 20_000;
  const retryMs = options.retryMs ?? 20_000;
  const lease = {
    name: TELEGRAM_POLL_LEASE,
    holder: randomUUID(),
    ttlSeconds: options.leaseSeconds ?? 60,
  };
  const state = { isHolding: false, leaseAttempts: 0 };
  const stopping = new AbortController();
  let poll: AbortController | null = null;
  let offset = 0;
  let confirmedOffset = 0;

  let renewing: Promise<boolean> = Promise.resolve(false);

  function renew(): Promise<boolean> {
    renewing = (async () => {
      state.leaseAttempts += 1;
      try {
        state.isHolding = await takeLease(db, lease);
      } catch (error) {
        log.warn({ err: error }, "telegram: could not renew the polling lease");
        state.isHolding = false;
      }
      // Lost (or never had): stop polling at once, so two processes never poll together.
      if (!state.isHolding) poll?.abort();
      return state.isHolding;
    })();
    return renewing;
  }

  async function pause(ms: number) {
    await sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);
  }

  async function pollOnce() {
    poll = new AbortController();
    try {
      confirmedOffset = offset;
      const updates = await bot.api.getUpdates(
        { offset, timeout: pollSeconds, allowed_updates: [...TELEGRAM_UPDATE_TYPES] },
        // grammy types its signal with a shim's class; Node's own is what it gets at runtime.
        poll.signal as Parameters<Bot["api"]["getUpdates"]>[1],
      );
      for (const update of updates) {
        await handleTelegramUpdate(bot, update, log);
        offset = update.update_id + 1;
      }
    } finally {
      poll = null;
    }
  }

  async function pollWhileHolding() {
    // A webhook left from webhook mode would make Telegram refuse getUpdates.
    await bot.api.deleteWebhook();
    await loadBotInfo(bot);
    const renewing = setInterval(() => void renew(), renewMs);
    try {
      while (!stopping.signal.aborted && state.isHolding) await pollOnce();
    } finally {
      clearInterval(renewing);
    }
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      if (!(await renew())) {
        await pause(retryMs);
        continue;
      }
      try {
        await pollWhileHolding();
      } catch (error) {
        if (stopping.signal.aborted || !state.isHolding) continue;
        log.warn({ err: error }, "telegram: polling failed; trying again");
        await pause(retryMs);
      }
    }
  })();

  return {
    state,
    async stop() {
      stopping.abort();
      poll?.abort();
      await running;
      // A renewal still on its way would take the lease again after it is released.
      await renewing;
      if (!state.isHolding) return;
      // Confirms the updates handled since the last poll, so the next poller does not get them.
      if (offset > confirmedOffset) {
        await bot.api.getUpdates({ offset, limit: 1, timeout: 0 }).catch(() => undefined);
      }
      await releaseLease(db, lease).catch((error: unknown) => {
        log.warn({ err: error }, "telegram: could not release the polling lease");
      });
      state.isHolding = false;
    },
  };
}

/** Tells Telegram where to post updates; tried again until it works or the process stops. */
function startWebhook(bot: Bot, env: Env, log: InboundDeps["log"]) {
  const stopping = new AbortController();
  const running = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await bot.api.setWebhook(`${env.APP_URL}/api/inbound/telegram`, {
          secret_token: telegramWebhookSecret(env),
          allowed_updates: [...TELEGRAM_UPDATE_TYPES],
        });
        log.info("telegram: updates come to the webhook");
        return;
      } catch (error) {
        log.warn({ err: error }, "telegram: could not set the webhook; trying again in a minute");
        await sleep(60_000, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

export type TelegramService = {
  stop: () => Promise<void>;
  /** The poller's lease state; null when the bot is off or in webhook mode. */
  polling: TelegramPoller["state"] | null;
};

/** Starts receiving Telegram updates when a bot is configured. */
export function startTelegram(
  services: Pick<Services, "db" | "env" | "clock" | "outbox">,
  log: FastifyBaseLogger,
  options: PollOptions = {},
): TelegramService {
  const { env } = services;
  const bot = createTelegramBot(env);
  if (!bot) return { stop: async () => undefined, polling: null };
  if (isTelegramWebhookMode(env)) return { ...startWebhook(bot, env, log), polling: null };
  if (env.TELEGRAM_WEBHOOK) {
    log.warn("telegram: TELEGRAM_WEBHOOK needs an https APP_URL; long polling instead");
  }
  installTelegramHandlers(bot, createInboundDeps(services, log));
  const poller = startTelegramPolling({ db: services.db, bot, log }, options);
  return { stop: poller.stop, polling: poller.state };
}
