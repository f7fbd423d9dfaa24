// What both entry points share: the database, the clock, the one outbox sender and the mail and
// SMS facades over it, and file storage. `buildApp` adds HTTP on top; `npm run worker` uses these alone.
import type { FastifyBaseLogger } from "fastify";
import { createMailer, type Mailer } from "./adapters/mail";
import { createSmsSender, type SmsSender } from "./adapters/sms";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import { chatSenders, createChatTransports } from "./features/channels/channels.public";
import { createPushTransport } from "./features/push/push.public";
import { createOutboxSender, type OutboxSender } from "./features/outbox/outbox.public";
import { reminderDeliveryHooks } from "./features/reminders/reminders.public";
import { readScopedClockOffset } from "./features/test-support/test-support.public";
import {
  createWebhookEventTransport,
  WEBHOOK_EVENT_CHANNEL,
  webhookDeliveryHooks,
} from "./features/webhooks/webhooks.public";
import { createStorage } from "./lib/storage/create-storage";
import type { Storage } from "./lib/storage/storage";

export type Clock = { now: () => Date; offsetMs: number };

export type Services = {
  env: Env;
  db: Db;
  database: Database;
  clock: Clock;
  outbox: OutboxSender;
  mailer: Mailer;
  sms: SmsSender;
  /** Uploaded files (avatars, feedback attachments): disk or S3, see lib/storage/storage.ts. */
  storage: Storage;
};

export function createServices(options: {
  env: Env;
  database: Database;
  log: FastifyBaseLogger;
}): Services {
  const { env, database, log } = options;
  const clock: Clock = {
    offsetMs: 0,
    now() {
      return new Date(Date.now() + (readScopedClockOffset() ?? clock.offsetMs));
    },
  };
  const outbox = createOutboxSender({
    db: database.db,
    env,
    now: () => clock.now(),
    log,
    transports: {
      ...createChatTransports({ db: database.db, env, log }, chatSenders()),
      push: createPushTransport({ db: database.db, env }),
      [WEBHOOK_EVENT_CHANNEL]: createWebhookEventTransport({ db: database.db, env }),
    },
  });
  outbox.setHooks({
    async onSent(tx, rows, now) {
      await reminderDeliveryHooks.onSent?.(tx, rows, now);
      await webhookDeliveryHooks.onSent?.(tx, rows, now);
    },
    async onFailed(tx, row, failure) {
      await reminderDeliveryHooks.onFailed?.(tx, row, failure);
      await webhookDeliveryHooks.onFailed?.(tx, row, failure);
    },
  });
  return {
    env,
    db: database.db,
    database,
    clock,
    outbox,
    mailer: createMailer(database.db, outbox),
    sms: createSmsSender(database.db, outbox),
    storage: createStorage(env),
  };
}
