// Starts what receives replies in the background (the SMTP listener when INBOUND_SMTP_PORT is
// set, the IMAP mailbox when INBOUND_IMAP_URL is) with the reader the environment chooses;
// answers a function that stops them.
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../../services";
import type { InboundDeps } from "./handle-reply";
import { createReplyReader } from "./model-reader";
import { startImapInbox } from "./imap-inbox";
import { receiveMail } from "./receive-mail";
import { systemResolver } from "./sender-check";
import { startSmtpListener } from "./smtp-listener";

export function createInboundDeps(
  services: Pick<Services, "db" | "env" | "clock" | "outbox">,
  log: FastifyBaseLogger,
): InboundDeps {
  return {
    db: services.db,
    env: services.env,
    now: () => services.clock.now(),
    log,
    reader: createReplyReader(services.env, { log }),
    kick: () => services.outbox.kick(),
  };
}

export async function startInboundMail(
  services: Pick<Services, "db" | "env" | "clock" | "outbox">,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { env } = services;
  const stops: (() => Promise<void>)[] = [];
  if (env.INBOUND_IMAP_URL) {
    const inbox = startImapInbox({
      url: env.INBOUND_IMAP_URL,
      log,
      handle: imapHandler(createInboundDeps(services, log)),
    });
    log.info(`inbound mail: reading ${new URL(env.INBOUND_IMAP_URL).host} over IMAP`);
    stops.push(() => inbox.stop());
  }
  if (env.INBOUND_SMTP_PORT !== undefined) stops.push(await startSmtp(services, log));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** How many times a message from the mailbox is tried before it is set aside (marked seen). */
export const IMAP_MAX_TRIES = 5;

// A message the pipeline could not take is tried again on the next look; one that fails every
// time (it makes the pipeline throw, not merely refuse it) is set aside after a few tries, so it
// cannot hold up the mail behind it forever.
function imapHandler(deps: InboundDeps) {
  const tries = new Map<string, number>();
  return async (raw: Buffer) => {
    const key = createHash("sha256").update(raw).digest("base64url");
    try {
      await receiveMail(deps, { raw, recipients: [], via: "imap" });
      tries.delete(key);
    } catch (error) {
      const count = (tries.get(key) ?? 0) + 1;
      tries.set(key, count);
      if (count < IMAP_MAX_TRIES) throw error;
      tries.delete(key);
      deps.log.error({ err: error }, "a message from the mailbox failed every try; set aside");
    }
  };
}

async function startSmtp(
  services: Pick<Services, "db" | "env" | "clock" | "outbox">,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { env } = services;
  const listener = await startSmtpListener(createInboundDeps(services, log), {
    port: env.INBOUND_SMTP_PORT!,
    host: env.INBOUND_SMTP_HOST,
    tls:
      env.INBOUND_SMTP_TLS_KEY && env.INBOUND_SMTP_TLS_CERT
        ? { key: env.INBOUND_SMTP_TLS_KEY, cert: env.INBOUND_SMTP_TLS_CERT }
        : undefined,
    senderCheck: env.INBOUND_SMTP_SENDER_CHECK ? { resolver: systemResolver() } : null,
  });
  log.info(
    `inbound mail: listening for SMTP on ${env.INBOUND_SMTP_HOST}:${listener.port} for @${env.INBOUND_DOMAIN}`,
  );
  return listener.close;
}
