// Mounts Better Auth at /api/auth/* and gives routes `app.requireUser` (a preHandler that sets
// request.user or answers 401).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "../features/auth/auth.public";
import { hasPaidAccess } from "../features/billing/billing.public";
import { AppError } from "../lib/app-error";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
};

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** requireUser, and a subscription that counts as active (402 otherwise). */
    requirePaidUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    findSessionUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    user: SessionUser;
    /** The id of the session requireUser found (a stream ends when it does). */
    sessionId: string;
  }
}

// The client's own x-forwarded-for is never trusted here: Fastify's request.ip is (it honours
// TRUST_PROXY), so every client gets its own rate-limit bucket.
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth }) => {
  const { auth } = opts;
  app.decorate("auth", auth);
  app.decorateRequest("user", null as unknown as SessionUser);
  app.decorateRequest("sessionId", "");

  const findSession = (request: FastifyRequest) =>
    auth.api.getSession({ headers: toWebHeaders(request) });
  async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
    const session = await findSession(request);
    return session ? session.user : null;
  }
  app.decorate("findSessionUser", findSessionUser);
  app.decorate("requireUser", async (request: FastifyRequest) => {
    const session = await findSession(request);
    if (!session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    if (!session.user.emailVerified)
      throw new AppError("FORBIDDEN", "Please verify your email address first.");
    request.user = session.user;
    request.sessionId = session.session.id;
  });
  app.decorate("requirePaidUser", async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    // The same rule as the client (active, or within the 24 h grace), on the server's clock;
    // BILLING_PROVIDER=off lets every verified user in.
    if (!(await hasPaidAccess(app.billing, request.user.id))) {
      throw new AppError(
        "PAYMENT_REQUIRED",
        `Your ${app.env.APP_NAME} subscription is not active. Subscribe to keep using this feature.`,
      );
    }
  });

  await app.register(async (scope) => {
    // Better Auth reads the body itself, so hand it over untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      async handler(request, reply) {
        const url = new URL(request.url, app.appUrl);
        const hasBody =
          request.method !== "GET" && typeof request.body === "string" && request.body !== "";
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: toWebHeaders(request),
            body: hasBody ? (request.body as string) : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== "set-cookie") reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        return reply.send(response.body ? await response.text() : null);
      },
    });
  });
});
