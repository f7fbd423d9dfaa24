// Better Auth's session and user endpoints, narrowed to what is safe to hand a browser:
// - update-user takes a non-empty name and an image link or null (else 400, not a 500);
// - a password change signs out every other session, whatever the client asked for (someone
//   changing a password may be locking out whoever learned the old one);
// - the session list carries ids, devices and dates, never the session tokens, so a script on
//   the page cannot lift another device's session; revoking one goes by its id
//   (`POST /api/auth/revoke-session` with `{ "id": "…" }`), which is turned into the token here.
//   Better Auth still checks that the session is the caller's own.
import type { createAuthMiddleware } from "better-auth/api";
import { APIError } from "better-auth/api";

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SESSION_NOT_FOUND = "That session was not found. It may have ended already.";
const PRINTABLE = /^[\x21-\x7e]{1,200}$/;

export async function narrowSessionRequest(ctx: Ctx) {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/update-user") {
    if ("name" in body && (typeof body.name !== "string" || body.name.trim() === "")) {
      throw new APIError("BAD_REQUEST", { message: "Enter a name." });
    }
    if ("image" in body && body.image !== null && typeof body.image !== "string") {
      throw new APIError("BAD_REQUEST", { message: "The image must be a link or empty." });
    }
    return undefined;
  }
  if (ctx.path === "/change-password") {
    return { context: { body: { ...body, revokeOtherSessions: true } } };
  }
  if (ctx.path !== "/revoke-session") return undefined;
  const { id, token } = body;
  if (typeof token === "string") {
    if (!PRINTABLE.test(token)) throw new APIError("BAD_REQUEST", { message: SESSION_NOT_FOUND });
    return undefined;
  }
  if (typeof id !== "string" || !PRINTABLE.test(id)) {
    throw new APIError("BAD_REQUEST", { message: SESSION_NOT_FOUND });
  }
  const found = await ctx.context.adapter.findOne<{ token: string }>({
    model: "session",
    where: [{ field: "id", value: id }],
  });
  // An unknown id gets the same answer as someone else's: nothing is revoked, nothing told.
  return { context: { body: { token: found?.token ?? `unknown-${id}` } } };
}

type ListedSession = Record<string, unknown> & { token?: unknown };

export async function hideSessionTokens(ctx: Ctx) {
  if (ctx.path !== "/list-sessions") return undefined;
  const returned = ctx.context.returned;
  if (!Array.isArray(returned)) return undefined;
  return ctx.json((returned as ListedSession[]).map(({ token: _token, ...session }) => session));
}

// Where every other session of the account ends, its personal access tokens end too: someone
// signing out everywhere or changing a password may be locking out whoever had access.
const ENDS_EVERY_SESSION = new Set([
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/change-password",
]);

export async function endTokensWithSessions(
  ctx: Ctx,
  revokeAll: (userId: string) => Promise<void>,
): Promise<void> {
  if (!ENDS_EVERY_SESSION.has(ctx.path)) return;
  const returned: unknown = ctx.context.returned;
  if (!returned || returned instanceof Error) return;
  const userId = ctx.context.session?.user.id;
  if (userId) await revokeAll(userId);
}
