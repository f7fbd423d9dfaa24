// Where outbox rows go: SMTP (Nodemailer) or the dev mailbox for mail, Twilio or the dev mailbox
// for SMS. A failure says whether it is permanent (the peer refused for good: an SMTP 5xx, a
// Twilio 4xx) or worth retrying (a connection error, an SMTP 4xx, a Twilio 5xx or 429).
import nodemailer from "nodemailer";
import type { Env } from "../../env";
import type { OutboxRow } from "./outbox";

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
    /** The peer's HTTP status, when it answered one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export type Transport = {
  /** smtp, twilio, dev, or a chat channel's sender. */
  name: string;
  send: (row: OutboxRow) => Promise<void>;
  close: () => void;
};

/** The stable Message-ID of a mail: a resend after a crash carries the same one. */
export function messageIdFor(rowId: string, appUrl: string): string {
  return `<${rowId}@${new URL(appUrl).hostname}>`;
}

export function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(env.APP_URL).hostname}>`;
}

const devTransport: Transport = {
  name: "dev",
  send: async () => undefined,
  close: () => undefined,
};

export function createMailTransport(env: Env, connections = env.OUTBOX_CONCURRENCY): Transport {
  if (!env.SMTP_URL) return devTransport;
  // One pooled connection set per process, a connection per message in flight: a digest run
  // sends thousands of mails.
  const url = new URL(env.SMTP_URL);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections")) {
    url.searchParams.set("maxConnections", String(connections));
  }
  const transport = nodemailer.createTransport(url.toString());
  const from = mailFrom(env);
  return {
    name: "smtp",
    async send(row) {
      try {
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: messageIdFor(row.id, env.APP_URL),
          headers: row.headers,
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const message = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(message, typeof code === "number" && code >= 500 && code < 600);
      }
    },
    close: () => transport.close(),
  };
}

export function isTwilioConfigured(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
}

export function createSmsTransport(env: Env): Transport {
  if (!isTwilioConfigured(env)) return devTransport;
  const sid = env.TWILIO_ACCOUNT_SID as string;
  const auth = Buffer.from(`${sid}:${env.TWILIO_AUTH_TOKEN as string}`).toString("base64");
  const endpoint = `${env.TWILIO_API_URL}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  return {
    name: "twilio",
    async send(row) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: {
            authorization: `Basic ${auth}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            To: row.to,
            From: env.TWILIO_FROM as string,
            Body: row.text,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new DeliveryError(
          `Could not reach the SMS provider (${error instanceof Error ? error.message : String(error)})`,
          false,
        );
      }
      if (res.ok) return;
      const detail = await res
        .json()
        .then((body: { message?: string }) => body.message)
        .catch(() => undefined);
      const isPermanent = res.status >= 400 && res.status < 500 && res.status !== 429;
      throw new DeliveryError(
        `SMS provider answered ${res.status}${detail ? `: ${detail}` : ""}`,
        isPermanent,
      );
    },
    close: () => undefined,
  };
}
