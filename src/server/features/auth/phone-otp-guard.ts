// Better Auth's phone-number plugin, narrowed to what Tend uses it for: a signed-in user proving
// they own the number saved on their account (decision 051). Out of the box its verify endpoint
// signs in whoever owns the number (no session needed), and it offers phone + password sign-in
// and a phone-based password reset; none of those are Tend features.
import type { createAuthMiddleware } from "better-auth/api";
import { APIError, getSessionFromCtx } from "better-auth/api";

export const PHONE_OTP_MESSAGES = {
  signedOut: "Please sign in to verify your phone number.",
  notYourNumber: "That is not the phone number saved on your account. Save it first.",
  unavailable: "Phone sign-in is not available.",
} as const;

const OTP_PATHS = new Set(["/phone-number/send-otp", "/phone-number/verify"]);
const BLOCKED_PATHS = new Set([
  "/sign-in/phone-number",
  "/phone-number/request-password-reset",
  "/phone-number/reset-password",
]);

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export async function guardPhoneOtp(ctx: Ctx) {
  if (BLOCKED_PATHS.has(ctx.path)) {
    throw new APIError("NOT_FOUND", { message: PHONE_OTP_MESSAGES.unavailable });
  }
  if (!OTP_PATHS.has(ctx.path)) return;
  const session = await getSessionFromCtx(ctx);
  if (!session) throw new APIError("UNAUTHORIZED", { message: PHONE_OTP_MESSAGES.signedOut });
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const saved = (session.user as { phoneNumber?: string | null }).phoneNumber;
  if (!saved || body.phoneNumber !== saved) {
    throw new APIError("BAD_REQUEST", { message: PHONE_OTP_MESSAGES.notYourNumber });
  }
  if (ctx.path === "/phone-number/verify") {
    // Mark this user's number verified; never mint a new session or move the number.
    return { context: { body: { ...body, disableSession: true, updatePhoneNumber: false } } };
  }
}

// The signed-in user behind a plugin call (sendOTP gets the endpoint context), for the outbox.
export async function findSessionUserId(ctx: unknown): Promise<string | null> {
  if (!ctx) return null;
  try {
    const session = await getSessionFromCtx(ctx as Parameters<typeof getSessionFromCtx>[0]);
    return session?.user.id ?? null;
  } catch {
    return null;
  }
}
