// Mail: every message is a row in the one outbox, delivered by the outbox sender
// right after it is written (and retried with backoff). With SMTP_URL it goes out by SMTP;
// without it the outbox is the dev mailbox, readable at /dev/mailbox outside production.
import type { Db } from "../db/client";
import {
  enqueue,
  mailRow,
  type OutboxSender,
  type OutgoingMail,
} from "../features/outbox/outbox.public";

export type { OutgoingMail };

export type Mailer = {
  isDevMailbox: boolean;
  /** Stores the mail and starts delivery; resolves with the outbox id once it is stored. */
  send: (mail: OutgoingMail) => Promise<string>;
};

export function createMailer(db: Db, sender: OutboxSender): Mailer {
  return {
    isDevMailbox: sender.isDevMailbox,
    async send(mail) {
      const [id] = await enqueue(db, [mailRow(mail)]);
      sender.kick();
      return id!;
    },
  };
}
