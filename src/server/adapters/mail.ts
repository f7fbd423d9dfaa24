// Mail: every message goes through the outbox table. With SMTP_URL it is delivered by
// Nodemailer (now, and retried with backoff by the outbox sender); without it the message
// stays in the database as the dev mailbox, readable at /dev/mailbox outside production.
import { and, eq, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/index";
import type { Env } from "../env";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  userId?: string | null;
};

export type Mailer = {
  isDevMailbox: boolean;
  send: (mail: OutgoingMail) => Promise<string>;
  drain: () => Promise<number>;
  close: () => void;
};

const MAX_ATTEMPTS = 8;

export function createMailer(env: Env, db: Db): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  const from = env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(env.APP_URL).hostname}>`;

  async function deliver(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const backoffMs = Math.min(2 ** attempts * 30_000, 6 * 3_600_000);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(Date.now() + backoffMs),
        })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
  }

  return {
    isDevMailbox: !transport,
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, userId: mail.userId ?? null, status: transport ? "pending" : "dev" })
        .returning();
      if (!row) throw new Error("mail was not stored");
      if (transport) await deliver(row);
      return row.id;
    },
    async drain() {
      if (!transport) return 0;
      const due = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .limit(50);
      let sent = 0;
      for (const row of due) if (await deliver(row)) sent += 1;
      return sent;
    },
    close() {
      transport?.close();
    },
  };
}
