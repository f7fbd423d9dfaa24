// Starts what receives replies in the background (the SMTP listener when INBOUND_SMTP_PORT is
// set) with the reader the environment chooses; answers a function that stops it.
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../../services";
import type { InboundDeps } from "./handle-reply";
import { createReplyReader } from "./model-reader";
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
  if (env.INBOUND_SMTP_PORT === undefined) return async () => undefined;
  const listener = await startSmtpListener(createInboundDeps(services, log), {
    port: env.INBOUND_SMTP_PORT,
    host: env.INBOUND_SMTP_HOST,
    tls:
      env.INBOUND_SMTP_TLS_KEY && env.INBOUND_SMTP_TLS_CERT
        ? { key: env.INBOUND_SMTP_TLS_KEY, cert: env.INBOUND_SMTP_TLS_CERT }
        : undefined,
  });
  log.info(
    `inbound mail: listening for SMTP on ${env.INBOUND_SMTP_HOST}:${listener.port} for @${env.INBOUND_DOMAIN}`,
  );
  return listener.close;
}
