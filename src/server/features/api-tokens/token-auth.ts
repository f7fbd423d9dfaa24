// The gate of the token routes (/api/v1/*, /mcp): `Authorization: Bearer tend_pat_…` with the
// scope the route names, a live subscription, and the token's per-minute limit, told in
// RateLimit-* headers. The session cookie never counts here, and a token counts nowhere else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ApiTokenScope } from "../../../core/api-tokens";
import { AppError } from "../../lib/app-error";
import { createRateCounter } from "../../lib/rate-counter";
import { findTokenHolder, type TokenHolder } from "./api-tokens.service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes a personal access token of this scope, and no session cookie. */
    apiToken?: ApiTokenScope;
  }
  interface FastifyRequest {
    /** The token a token route was called with. */
    apiToken: TokenHolder | null;
  }
  interface FastifyInstance {
    /** The token gate, for a route that checks the scope per call (/mcp's tools). */
    requireApiToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const NO_TOKEN_MESSAGE =
  "Send a personal access token as 'Authorization: Bearer tend_pat_…'. Make one in Settings → API tokens.";
export const BAD_TOKEN_MESSAGE =
  "This token is not valid: it may have expired or been revoked. Make a new one in Settings → API tokens.";
export const READ_ONLY_MESSAGE =
  "This token can only read. Make a token with the read-and-write scope in Settings → API tokens to change anything.";

/**
 * The challenge of a 401 (RFC 6750 §3): the realm is the product's name, and `invalid_token` is
 * said only when a token was sent, as a client that sent none has nothing to correct but that.
 */
export function bearerChallenge(realm: string, isTokenSent: boolean): string {
  const quoted = realm.replace(/[\\"]/g, "\\$&");
  return `Bearer realm="${quoted}"${isTokenSent ? ', error="invalid_token"' : ""}`;
}

export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match ? match[1]! : null;
}

export const tokenAuthPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number }) => {
  app.decorateRequest("apiToken", null);
  // Counted in the database, so every server process shares the token's one limit.
  const perToken = createRateCounter(app.db, {
    name: "v1-token",
    max: opts.perMinute,
    windowMs: 60_000,
    now: () => app.clock.now(),
  });

  async function requireApiToken(request: FastifyRequest, reply: FastifyReply) {
    const token = readBearer(request);
    if (!token) {
      reply.header("www-authenticate", bearerChallenge(app.env.APP_NAME, false));
      throw new AppError("UNAUTHORIZED", NO_TOKEN_MESSAGE);
    }
    const holder = await findTokenHolder(app.db, token, app.clock.now());
    if (!holder) {
      reply.header("www-authenticate", bearerChallenge(app.env.APP_NAME, true));
      throw new AppError("UNAUTHORIZED", BAD_TOKEN_MESSAGE);
    }
    const limit = await perToken.take(holder.tokenId);
    reply
      .header("ratelimit-limit", String(limit.limit))
      .header("ratelimit-remaining", String(limit.remaining))
      .header("ratelimit-reset", String(limit.resetSeconds));
    if (!limit.isAllowed) {
      reply.header("retry-after", String(limit.resetSeconds));
      throw new AppError(
        "RATE_LIMITED",
        `This token made ${limit.limit} requests in the last minute, its limit. Try again in ${limit.resetSeconds} seconds.`,
      );
    }
    if (!holder.user.emailVerified) {
      throw new AppError("FORBIDDEN", "Please verify your email address first.");
    }
    request.apiToken = holder;
    request.user = holder.user;
    await app.requirePaidAccess(request);
    if (request.routeOptions.config.apiToken === "write" && holder.scope !== "write") {
      throw new AppError("FORBIDDEN", READ_ONLY_MESSAGE);
    }
  }
  app.decorate("requireApiToken", requireApiToken);

  // First of all: a caller without a token hears 401, never a message about a body it sent.
  app.addHook("onRoute", (route) => {
    if (!route.config?.apiToken) return;
    route.preValidation = [requireApiToken, ...[route.preValidation ?? []].flat()];
  });
});
