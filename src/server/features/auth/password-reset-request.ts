// A password-reset request is answered at once, the same way for every address: the lookup, the
// single-use token and the mail come after the answer, so how long it takes says nothing about
// whether the address has an account.
import type { createAuthMiddleware } from "better-auth/api";
import { z } from "zod";

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Better Auth's own answer to a reset request, which says nothing either way. */
export const RESET_REQUEST_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

const ResetRequestSchema = z.object({ email: z.email(), redirectTo: z.string().optional() });
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

/**
 * For a reset request that came over HTTP: queues the request itself (`startReset`, which calls
 * the endpoint again without an HTTP request, so this passes it through) and answers. A body
 * Better Auth would refuse is left to it, with its usual 400 or 403.
 */
export function answerResetRequestFirst(
  ctx: Ctx,
  startReset: (request: ResetRequest, headers: Headers | undefined) => void,
) {
  if (ctx.path !== "/request-password-reset" || !ctx.request) return undefined;
  const parsed = ResetRequestSchema.safeParse(ctx.body);
  if (!parsed.success) return undefined;
  const { redirectTo } = parsed.data;
  if (redirectTo && !ctx.context.isTrustedOrigin(redirectTo, { allowRelativePaths: true })) {
    return undefined;
  }
  startReset(parsed.data, ctx.headers);
  return ctx.json(RESET_REQUEST_ANSWER);
}
