// Who may read the dev mailbox. It lists every user's verification link (which signs that user
// in) and SMS code, so outside production it is served only to this machine, unless
// DEV_MAILBOX=true says otherwise; production never registers it (see app.ts).
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Env } from "../env";
import { AppError } from "../lib/app-error";

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, "");
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1";
}

/**
 * The TCP peer, not request.ip: with TRUST_PROXY request.ip is read from X-Forwarded-For, which a
 * client can write itself. A request that came through a proxy (a forwarding header, or
 * TRUST_PROXY on) may be anyone's, even when the proxy itself is on this machine.
 */
export function isDevMailboxAllowed(
  request: FastifyRequest,
  env: Pick<Env, "DEV_MAILBOX" | "TRUST_PROXY">,
): boolean {
  if (env.DEV_MAILBOX) return true;
  if (env.TRUST_PROXY) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

export const DEV_MAILBOX_REFUSED =
  "The dev mailbox is shown only on the machine the server runs on, because it holds sign-in links. Open it there (http://localhost/dev/mailbox on the server's port), or set DEV_MAILBOX=true to show it to everyone who can reach the server.";

/** The Host header's name without its port: `[::1]:3000` → `[::1]`. */
function hostName(host: string | undefined): string {
  const name = (host ?? "").trim().toLowerCase();
  return name.startsWith("[") ? name.slice(0, name.indexOf("]") + 1) : name.split(":")[0]!;
}

/**
 * The request names this machine or APP_URL's host. A page whose name is rebound to 127.0.0.1
 * (DNS rebinding) reaches us from the developer's own browser under its own name.
 */
function isDevMailboxHost(request: FastifyRequest, appUrl: string): boolean {
  const name = hostName(request.headers.host);
  return isLoopbackHost(name) || name === new URL(appUrl).hostname.toLowerCase();
}

/**
 * An onRequest hook for the dev mailbox routes: answers 404 under a name that is not this
 * machine's, refuses clients isDevMailboxAllowed does not, and a NUL in the address
 * (`?to=%00`), which PostgreSQL text cannot hold.
 */
export function guardDevMailbox(env: Pick<Env, "DEV_MAILBOX" | "TRUST_PROXY" | "APP_URL">) {
  return async (request: FastifyRequest) => {
    if (!env.DEV_MAILBOX && !isDevMailboxHost(request, env.APP_URL))
      throw new AppError("NOT_FOUND", `No such endpoint: ${request.method} ${request.url}`);
    if (!isDevMailboxAllowed(request, env)) throw new AppError("FORBIDDEN", DEV_MAILBOX_REFUSED);
    if (request.url.includes("%00"))
      throw new AppError("BAD_REQUEST", "The address must not contain a NUL character (%00).");
  };
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || isLoopbackAddress(host.replace(/^\[|\]$/g, ""));
}

/** What to warn about at start, or null: outside production, listening beyond this machine. */
export function devMailboxStartWarning(
  env: Pick<Env, "NODE_ENV" | "HOST" | "DEV_MAILBOX" | "TRUST_PROXY">,
): string | null {
  if (env.NODE_ENV === "production" || isLoopbackHost(env.HOST)) return null;
  if (env.DEV_MAILBOX) {
    return `Listening on ${env.HOST} outside production with DEV_MAILBOX=true: anyone who can reach this server can read /dev/mailbox, including the sign-in links of every user. Use it only on a network you trust, and never for real accounts.`;
  }
  return `Listening on ${env.HOST} outside production: mail and texts go to the dev mailbox, which is shown only to this machine${env.TRUST_PROXY ? " (and not at all through the proxy, TRUST_PROXY=true)" : ""}. Set NODE_ENV=production with SMTP_URL for a server others use.`;
}
