// The inbound SMTP listener (INBOUND_SMTP_PORT): accepts mail only for addresses that belong to
// someone (a live reply+ token or a forwarding address, checked at RCPT time: 550 otherwise),
// at most INBOUND_MAX_BYTES a message (the SIZE extension, 552 past it), within per-sender and
// per-recipient rates. No AUTH: the recipient's token is the credential, and the sender must
// still be the user's own verified address, not failing SPF/DMARC as checked here (mailauth).
// STARTTLS only when a key and certificate are set.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import type { InboundDeps } from "./handle-reply";
import { resolveRecipient } from "./inbound-addresses";
import { createRateCounter } from "../../lib/rate-counter";
import { receiveMail } from "./receive-mail";
import { withSenderVerdicts, type DNSResolver } from "./sender-check";

export const INBOUND_MAX_BYTES = 1024 * 1024;
/** Messages a sender (address or IP) may send per window, and an address may receive. */
export const INBOUND_PER_SENDER = 30;
export const INBOUND_PER_RECIPIENT = 30;
const WINDOW_MS = 10 * 60_000;

export type SmtpListener = { port: number; close: () => Promise<void> };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The message, or null once it passes INBOUND_MAX_BYTES: smtp-server only flags an oversize
 * message (a sender need not declare SIZE), so past the limit the rest is read and let go,
 * never held in memory.
 */
async function readAll(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total <= INBOUND_MAX_BYTES) chunks.push(chunk as Buffer);
    else chunks.length = 0;
  }
  return total > INBOUND_MAX_BYTES ? null : Buffer.concat(chunks);
}

export async function startSmtpListener(
  deps: InboundDeps,
  options: {
    port: number;
    host: string;
    tls?: { key: string; cert: string };
    /** Messages per sender and per recipient in ten minutes (a benchmark's 1,000 replies). */
    limits?: { perSender: number; perRecipient: number };
    /** DNS for SPF, DKIM and DMARC; null when a relay in front has checked already. */
    senderCheck: { resolver: DNSResolver } | null;
  },
): Promise<SmtpListener> {
  const perSender = createRateCounter(deps.db, {
    name: "smtp-sender",
    max: options.limits?.perSender ?? INBOUND_PER_SENDER,
    windowMs: WINDOW_MS,
    now: deps.now,
  });
  const perRecipient = createRateCounter(deps.db, {
    name: "smtp-recipient",
    max: options.limits?.perRecipient ?? INBOUND_PER_RECIPIENT,
    windowMs: WINDOW_MS,
    now: deps.now,
  });

  /** The client's address, then the envelope sender: the second is not counted past the first. */
  async function isSenderWithinRate(ip: string, sender: string): Promise<boolean> {
    if (!(await perSender.take(`ip:${ip}`)).isAllowed) return false;
    return !sender || (await perSender.take(sender)).isAllowed;
  }
  const tls = options.tls
    ? { key: readFileSync(options.tls.key), cert: readFileSync(options.tls.cert) }
    : null;
  const server = new SMTPServer({
    name: deps.env.INBOUND_DOMAIN,
    banner: `${deps.env.APP_NAME} inbound mail`,
    logger: false,
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    size: INBOUND_MAX_BYTES,
    ...(tls ?? {}),
    onMailFrom(address, session, callback) {
      const sender = address.address.toLowerCase();
      isSenderWithinRate(session.remoteAddress, sender).then(
        (isWithin) => {
          if (!isWithin)
            return callback(smtpError(450, "Too many messages from this sender; try again later"));
          callback();
        },
        (error: unknown) => {
          deps.log.error({ err: error }, "inbound sender rate check failed");
          callback(smtpError(451, "Temporary failure; try again later"));
        },
      );
    },
    onRcptTo(address, _session, callback) {
      /** The SMTP answer: none to accept the recipient. */
      async function check(): Promise<Error | null> {
        const recipient = await resolveRecipient(deps.db, deps.env, address.address, deps.now());
        if (!recipient.ok) return smtpError(550, "No such recipient here");
        if (!(await perRecipient.take(address.address.toLowerCase())).isAllowed)
          return smtpError(450, "Too many messages to this address; try again later");
        return null;
      }
      check().then(
        (refusal) => (refusal ? callback(refusal) : callback()),
        (error: unknown) => {
          deps.log.error({ err: error }, "inbound recipient check failed");
          callback(smtpError(451, "Temporary failure; try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (!raw || stream.sizeExceeded)
            return callback(smtpError(552, "Message too large for this server"));
          const mailFrom = session.envelope.mailFrom;
          const envelopeFrom = mailFrom ? mailFrom.address : "";
          const checked = options.senderCheck
            ? await withSenderVerdicts(
                raw,
                {
                  ip: session.remoteAddress,
                  helo: session.hostNameAppearsAs,
                  mailFrom: envelopeFrom,
                },
                { mta: deps.env.INBOUND_DOMAIN, resolver: options.senderCheck.resolver },
              )
            : raw;
          await receiveMail(deps, {
            raw: checked,
            recipients: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom,
            via: "smtp",
          });
          callback();
        })
        .catch((error: unknown) => {
          deps.log.error({ err: error }, "inbound mail could not be handled");
          callback(smtpError(451, "Temporary failure; try again later"));
        });
    },
  });
  server.on("error", (error) => deps.log.error({ err: error }, "inbound SMTP listener error"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
