// SMS: through Twilio's REST API when configured, otherwise kept in the dev outbox table
// (readable at /dev/mailbox outside production).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { smsOutbox } from "../db/schema/index";
import type { Env } from "../env";

export type OutgoingSms = { to: string; body: string; kind: string; userId?: string | null };

export type SmsSender = {
  isDevOutbox: boolean;
  send: (sms: OutgoingSms) => Promise<string>;
};

export function createSmsSender(env: Env, db: Db): SmsSender {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  const from = env.TWILIO_FROM;
  const isConfigured = Boolean(sid && token && from);

  async function deliver(id: string, sms: OutgoingSms): Promise<void> {
    const body = new URLSearchParams({ To: sms.to, From: from ?? "", Body: sms.body });
    try {
      const res = await fetch(`${env.TWILIO_API_URL}/2010-04-01/Accounts/${sid}/Messages.json`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body,
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      await db
        .update(smsOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: 1 })
        .where(eq(smsOutbox.id, id));
    } catch (error) {
      await db
        .update(smsOutbox)
        .set({
          status: "pending",
          attempts: 1,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(smsOutbox.id, id));
      throw error;
    }
  }

  return {
    isDevOutbox: !isConfigured,
    async send(sms) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ ...sms, userId: sms.userId ?? null, status: isConfigured ? "pending" : "dev" })
        .returning({ id: smsOutbox.id });
      if (!row) throw new Error("sms was not stored");
      if (isConfigured) await deliver(row.id, sms);
      return row.id;
    },
  };
}
