// Refuses cross-site writes: every /api request that is not GET, HEAD or OPTIONS must come from
// APP_URL's own origin. SameSite=Lax cookies alone let a page on a sibling subdomain or another
// port of the same host post forms to us; the Origin header (Sec-Fetch-Site when Origin is
// missing) tells such a page apart.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";
import { isApiRequest } from "../lib/request-path";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Authenticated by their own signature, never by a browser cookie: an Origin says nothing there.
const SIGNED_WEBHOOKS = new Set([
  "/api/billing/webhook",
  "/api/inbound/sms/twilio",
  "/api/inbound/email/mailgun",
  "/api/inbound/email/mailgun/mime",
  "/api/inbound/whatsapp",
  "/api/inbound/telegram",
]);

// For whoever runs the server: the address it answers is configuration, named so it can be found.
const SELF_HOST_HINT = "If you run this server, set APP_URL to the address you open it at.";

function toOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

function describeOrigin(value: string): string {
  return toOrigin(value) ?? "a page with no address (a sandboxed frame or a local file)";
}

/** Why this request is refused as cross-site, or null when it may go on. `appOrigins[0]` is
 * APP_URL's; the others are its loopback twins outside production (lib/app-origins.ts). */
export function findCrossSiteProblem(
  request: FastifyRequest,
  appOrigins: readonly string[],
): string | null {
  const appOrigin = appOrigins[0]!;
  if (SAFE_METHODS.has(request.method)) return null;
  if (!isApiRequest(request) || SIGNED_WEBHOOKS.has(request.routeOptions.url ?? "")) return null;
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    const from = toOrigin(origin);
    if (from && appOrigins.includes(from)) return null;
    return `This request came from ${describeOrigin(origin)}, not from ${appOrigin}, so it was refused to protect your account. Open ${appOrigin} and try again. ${SELF_HOST_HINT}`;
  }
  // Browsers send Origin on every cross-origin POST; Sec-Fetch-Site covers one that did not.
  // Neither header: not a browser (curl, a script, a server), which has no ambient cookie to abuse.
  const site = request.headers["sec-fetch-site"];
  if (site === undefined || site === "same-origin" || site === "none") return null;
  return `This request came from another site, not from ${appOrigin}, so it was refused to protect your account. Open ${appOrigin} and try again. ${SELF_HOST_HINT}`;
}

export const sameOriginPlugin = fp(async (app: FastifyInstance, opts: { origins: string[] }) => {
  app.addHook("onRequest", async (request) => {
    const problem = findCrossSiteProblem(request, opts.origins);
    if (problem) throw new AppError("FORBIDDEN", problem);
  });
});
