// Mounts Better Auth at /api/auth/* and gives routes `app.requireUser` (a preHandler that sets
// request.user or answers 401).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { fromNodeHeaders } from "better-auth/node";
import {
  dropOversizedSessionCopies,
  SessionMemo,
  type Auth,
  type SessionCacheGuard,
} from "../features/auth/auth.public";
import { hasPaidAccess } from "../features/billing/billing.public";
import { AppError } from "../lib/app-error";
import { findJsonBodyProblem } from "../lib/json-body";
import { createRequestAccountReader, type RequestAccount } from "../lib/request-account";

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
    /** For a request.user set by any gate: reads request.account, 402 without active access. */
    requirePaidAccess: (request: FastifyRequest) => Promise<void>;
    findSessionUser: (request: FastifyRequest) => Promise<SessionUser | null>;
    /** Better Auth's Set-Cookie lines onto an answer, without a session copy too large to send. */
    setAuthCookies: (reply: FastifyReply, cookies: string[]) => void;
    /** Copies of the user's sessions in cookie caches stop counting (user changed or deleted). */
    forgetCachedSessions: (userId: string) => void;
  }
  interface FastifyContextConfig {
    /** The route takes `Authorization: Bearer <token>` besides the session cookie. */
    acceptsBearer?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser;
    /** The id of the session requireUser found (a stream ends when it does). */
    sessionId: string;
    /** Set by requirePaidUser: billing row, time zone and list version, read in one query. */
    account: RequestAccount | null;
  }
}

// The client's own x-forwarded-for is never trusted here: Fastify's request.ip is (it honours
// TRUST_PROXY), so every client gets its own rate-limit bucket.
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

const PRIVATE_NO_STORE = "private, no-store";

/** The request header an API client signs in with to be given a bearer token. */
export const BEARER_TOKEN_REQUEST_HEADER = "x-bearer-token";

/**
 * A bearer token (30 days, in `set-auth-token`) goes only to a sign-in that asks for one: the
 * app's own pages never do, so no page script is handed a credential that outlives the tab.
 */
function isBearerTokenRequest(path: string, headers: FastifyRequest["headers"]): boolean {
  return (
    path.startsWith("/api/auth/sign-in/") && headers[BEARER_TOKEN_REQUEST_HEADER] === "request"
  );
}

type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

type AuthPluginOptions = { auth: Auth; sessionGuard: SessionCacheGuard };

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  const { auth, sessionGuard } = opts;
  app.decorate("auth", auth);
  app.decorate("forgetCachedSessions", (userId: string) => sessionGuard.forgetUser(userId));
  app.decorateRequest("user", null as unknown as SessionUser);
  app.decorateRequest("sessionId", "");
  app.decorateRequest("account", null);

  // The session comes from the cookie cache when it holds a current copy; when Better Auth read
  // the row instead, it writes a fresh copy, handed on to the browser here. An answer Better Auth
  // gave from a copy is kept by the cookie header while the copy holds (session-memo.ts).
  const sessionCopyName = (await auth.$context).authCookies.sessionData.name;
  const memo = new SessionMemo<Session>(sessionGuard, sessionCopyName);
  function setCookies(reply: FastifyReply, cookies: string[]) {
    const kept = dropOversizedSessionCopies(cookies, sessionCopyName);
    if (kept.length > 0) reply.header("set-cookie", kept);
  }
  app.decorate("setAuthCookies", setCookies);
  async function findSession(request: FastifyRequest, reply?: FastifyReply) {
    // A bearer token is Better Auth's to read, whatever cookies come with it, on the routes that
    // take one; everywhere else only the cookie counts.
    const isBearer =
      Boolean(request.headers.authorization) && request.routeOptions.config.acceptsBearer === true;
    const cookieHeader = isBearer ? undefined : request.headers.cookie;
    const kept = memo.find(cookieHeader);
    if (kept) return kept;
    const requestHeaders = toWebHeaders(request);
    if (!isBearer) requestHeaders.delete("authorization");
    const { headers, response } = await auth.api.getSession({
      headers: requestHeaders,
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    if (reply) setCookies(reply, cookies);
    if (response && cookies.length === 0) memo.remember(cookieHeader, response);
    return response;
  }
  async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
    const session = await findSession(request);
    return session ? session.user : null;
  }
  app.decorate("findSessionUser", findSessionUser);
  app.decorate("requireUser", async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(request, reply);
    if (!session) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    if (!session.user.emailVerified)
      throw new AppError("FORBIDDEN", "Please verify your email address first.");
    request.user = session.user;
    request.sessionId = session.session.id;
  });
  const readRequestAccount = createRequestAccountReader(app.database);
  async function requirePaidAccess(request: FastifyRequest) {
    const account = await readRequestAccount(request.user.id);
    if (!account) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    request.account = account;
    // The same rule as the client (active, or within the 24 h grace), on the server's clock;
    // BILLING_PROVIDER=off lets every verified user in.
    if (!(await hasPaidAccess(app.billing, request.user.id, account.billing))) {
      throw new AppError(
        "PAYMENT_REQUIRED",
        `Your ${app.env.APP_NAME} subscription is not active. Subscribe to keep using this feature.`,
      );
    }
  }
  app.decorate("requirePaidAccess", requirePaidAccess);
  app.decorate("requirePaidUser", async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    await requirePaidAccess(request);
  });

  // An answer for a signed-in user is theirs alone: no shared or back-forward cache keeps it,
  // unless its route chose its own caching (the contact list's ETag, immutable files).
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.user && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", PRIVATE_NO_STORE);
    }
    return payload;
  });

  // Routes name the gate as a preHandler; it runs before validation instead, so a signed-out
  // caller gets 401 on every such route, never a validation message about a body it may not send.
  app.addHook("onRoute", (route) => {
    const gates = new Set<unknown>([app.requireUser, app.requirePaidUser]);
    const handlers = [route.preHandler ?? []].flat();
    const moved = handlers.filter((handler) => gates.has(handler));
    if (moved.length === 0) return;
    route.preHandler = handlers.filter((handler) => !gates.has(handler));
    route.preValidation = [...moved, ...[route.preValidation ?? []].flat()];
  });

  /**
   * Better Auth reads its JSON bodies itself and answers 500 for some it cannot take (a bare
   * string, NUL in a name — PostgreSQL refuses NUL in text): refuse those first, plainly.
   */
  function assertAuthBody(text: string) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new AppError("BAD_REQUEST", "The request body must be a JSON object.");
    }
    const problem = findJsonBodyProblem(body);
    if (problem) throw new AppError("BAD_REQUEST", problem);
  }

  await app.register(async (scope) => {
    // Better Auth reads the body itself, so hand it over untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      async handler(request, reply) {
        const url = new URL(request.url, app.appUrl);
        const isJson = /json/i.test(request.headers["content-type"] ?? "");
        // An empty JSON body is an empty object: Better Auth's hooks read fields of it.
        if (isJson && request.method !== "GET" && !request.body) request.body = "{}";
        const hasBody =
          request.method !== "GET" && typeof request.body === "string" && request.body !== "";
        if (hasBody && isJson) assertAuthBody(request.body as string);
        const headers = toWebHeaders(request);
        // A bearer token signs out its own session, and does nothing else here.
        if (url.pathname !== "/api/auth/sign-out") headers.delete("authorization");
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? (request.body as string) : undefined,
          }),
        );
        reply.status(response.status);
        const givesToken = isBearerTokenRequest(url.pathname, request.headers);
        response.headers.forEach((value, key) => {
          if (key === "set-cookie") return;
          if (!givesToken && (key === "set-auth-token" || key === "access-control-expose-headers"))
            return;
          reply.header(key, value);
        });
        reply.header("cache-control", PRIVATE_NO_STORE);
        setCookies(reply, response.headers.getSetCookie());
        return reply.send(response.body ? await response.text() : null);
      },
    });
  });
});
