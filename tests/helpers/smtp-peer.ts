// A real SMTP server on a random local port that keeps what it receives, for mail tests. It can
// refuse for a while (a 4xx: try again later) or for good (a 5xx: a hard bounce), and be slow.
import type { AddressInfo } from "node:net";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string };

export type SmtpPeerOptions = {
  /** Refuse this many messages with a 451 before accepting. */
  failFirst?: number;
  /** Wait this long before answering each message. */
  delayMs?: number;
};

function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}) {
  const received: ReceivedMail[] = [];
  let toFail = options.failFirst ?? 0;
  const state = {
    /** While set, every message is refused with this SMTP code (e.g. 451 or 550). */
    refuseWith: null as number | null,
    /** Recipients refused for good (550): a hard bounce. */
    bouncing: new Set<string>(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const finish = () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          if (toFail > 0) {
            toFail -= 1;
            return callback(refusal(451, "451 try again later"));
          }
          if (state.refuseWith) return callback(refusal(state.refuseWith, "mailbox unavailable"));
          if (to.some((address) => state.bouncing.has(address))) {
            return callback(refusal(550, "5.1.1 no such user"));
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to,
            raw,
            messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "",
          });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  // A client that dies mid-message (the crash tests SIGKILL a sender) resets its connection:
  // that is the peer's everyday life, not a test failure, so connection errors are not thrown.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const start = Date.now();
      while (received.length < count) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

// Decodes a quoted-printable MIME body enough to read links out of it.
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** One message over plain SMTP to a listener on 127.0.0.1, as a mail app would send it. */
export async function sendOverSmtp(port: number, mail: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
