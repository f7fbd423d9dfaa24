// Better Auth's phone-number plugin, narrowed to what Tend uses it for: a signed-in user proving
// they own the number saved on their account. Out of the box its verify endpoint
// signs in whoever owns the number (no session needed), and it offers phone + password sign-in
// and a phone-based password reset; none of those are Tend features.
//
// A number another account holds is saved aside as "pending"; a right code for it
// moves the number to the caller, verified, and takes it off the account that held it.
import type { createAuthMiddleware } from "better-auth/api";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import { claimPendingPhone, pendingPhoneIdentifier } from "../../lib/pending-phone";
import { moveTextRemindersToEmail } from "../settings/settings.public";

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
  const pending = await findPendingPhone(ctx, session.user.id);
  if (pending && body.phoneNumber === pending) {
    // Better Auth checks the code, then refuses because another account holds the number;
    // `claimVerifiedPendingPhone` turns that refusal (only reached with a right code) into the move.
    if (ctx.path === "/phone-number/verify") {
      return { context: { body: { ...body, disableSession: true, updatePhoneNumber: true } } };
    }
    return undefined;
  }
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

async function findPendingPhone(ctx: Ctx, userId: string): Promise<string | null> {
  const row = await ctx.context.adapter.findOne<{ value: string }>({
    model: "verification",
    where: [{ field: "identifier", value: pendingPhoneIdentifier(userId) }],
  });
  return row?.value ?? null;
}

/** After `/phone-number/verify` of a pending number: the number moves to the caller. */
export async function claimVerifiedPendingPhone(ctx: Ctx, db: Db) {
  if (ctx.path !== "/phone-number/verify") return undefined;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (body.updatePhoneNumber !== true || typeof body.phoneNumber !== "string") return undefined;
  const returned = ctx.context.returned as { body?: { code?: unknown } } | undefined;
  const isHeldElsewhere = returned?.body?.code === "PHONE_NUMBER_EXIST";
  const isStored = Boolean(returned && (returned as { status?: unknown }).status === true);
  if (!isHeldElsewhere && !isStored) return undefined;
  const session = await getSessionFromCtx(ctx);
  if (!session) return undefined;
  const userId = session.user.id;
  const phone = body.phoneNumber;
  await db.transaction(async (tx) => {
    const holderId = await claimPendingPhone(tx, userId, phone);
    // The account that lost the number can no longer be texted.
    if (holderId) await moveTextRemindersToEmail(tx, holderId);
  });
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phoneNumber: users.phoneNumber,
      phoneNumberVerified: users.phoneNumberVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  const answer = { status: true, token: null, user };
  // Better Auth keeps the refusal's status (400) for a replaced answer unless it is a Response
  // (the browser calls this endpoint over HTTP only).
  return new Response(JSON.stringify(answer), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}
