// SMS: a row in the one outbox, sent through Twilio when configured, otherwise
// kept for the dev mailbox (/dev/mailbox outside production).
import type { Db } from "../db/client";
import {
  enqueue,
  smsRow,
  type OutboxSender,
  type OutgoingSms,
} from "../features/outbox/outbox.public";

export type { OutgoingSms };

export type SmsSender = {
  isDevOutbox: boolean;
  send: (sms: OutgoingSms) => Promise<string>;
};

export function createSmsSender(db: Db, sender: OutboxSender): SmsSender {
  return {
    isDevOutbox: sender.isDevSms,
    async send(sms) {
      const [id] = await enqueue(db, [smsRow(sms)]);
      sender.kick();
      return id!;
    },
  };
}
