// Changing the sign-in email, on Better Auth's change-email flow:
// `POST /api/auth/change-email` mails a link to the NEW address; the email changes only when that
// link is opened (Better Auth's `GET /api/auth/verify-email`, which lands back on Settings); then
// the OLD address is told. An address that already has an account gets the same answer as a free
// one (no account-existence oracle); its owner is told by mail instead, which is where the "this
// address is in use" message can go without telling whoever asked.
import { eq } from "drizzle-orm";
import type { createAuthMiddleware } from "better-auth/api";
import { getSessionFromCtx } from "better-auth/api";
import type { Mailer } from "../../adapters/mail";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import { escapeHtml } from "../../lib/html";

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where the link in the mail lands; Better Auth appends `&error=CODE` when it refuses it. */
export const EMAIL_CHANGE_LANDING = "/app/settings?email-change=done";

type ChangeTokenPayload = { email: string; updateTo: string; userId: string; requestType: string };

/**
 * The claims of a Better Auth email token, unverified: used only to decide which mail to write or
 * to refuse early. Better Auth itself verifies the signature before anything changes.
 */
export function readChangeToken(token: unknown): ChangeTokenPayload | null {
  if (typeof token !== "string" || token.length > 4000) return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const { email, updateTo, userId, requestType } = claims;
    if (
      typeof email !== "string" ||
      typeof updateTo !== "string" ||
      typeof userId !== "string" ||
      requestType !== "change-email-verification"
    ) {
      return null;
    }
    return { email, updateTo, userId, requestType };
  } catch {
    return null;
  }
}

export function buildEmailChangeLink(input: { appUrl: string; token: string }): string {
  const link = new URL("/api/auth/verify-email", input.appUrl);
  link.searchParams.set("token", input.token);
  link.searchParams.set("callbackURL", EMAIL_CHANGE_LANDING);
  return link.toString();
}

function wrapMail(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${title}</h1>
${body}
</div></body></html>`;
}

export function buildEmailChangeMail(input: { appName: string; link: string; oldEmail: string }) {
  const name = escapeHtml(input.appName);
  const href = escapeHtml(input.link);
  const old = escapeHtml(input.oldEmail);
  const subject = `Confirm your new email for ${input.appName}`;
  const text = [
    `You asked to sign in to ${input.appName} with this address instead of ${input.oldEmail}.`,
    "",
    "Confirm the change here:",
    input.link,
    "",
    `The link works for 24 hours. Until it is opened, you keep signing in with ${input.oldEmail}. If you did not ask for this, ignore this email and nothing changes.`,
  ].join("\n");
  const html = wrapMail(
    "Confirm your new email",
    `<p>You asked to sign in to ${name} with this address instead of ${old}.</p>
<p style="margin:24px 0"><a href="${href}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Confirm my new email</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">Or open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">The link works for 24 hours. Until it is opened, you keep signing in with ${old}. If you did not ask for this, ignore this email and nothing changes.</p>`,
  );
  return { subject, text, html };
}

export function buildEmailInUseMail(input: { appName: string; appUrl: string }) {
  const name = escapeHtml(input.appName);
  const forgot = new URL("/forgot-password", input.appUrl).toString();
  const href = escapeHtml(forgot);
  const subject = `This address already has a ${input.appName} account`;
  const text = [
    `Someone signed in to ${input.appName} asked to move their account to this address, but this address already has its own ${input.appName} account, so nothing was changed.`,
    "",
    "If that was you: sign in with this address instead, or delete the other account first (Settings, Account) and ask again.",
    `If you have forgotten its password: ${forgot}`,
    "If it was not you, you can ignore this email.",
  ].join("\n");
  const html = wrapMail(
    "This address already has an account",
    `<p>Someone signed in to ${name} asked to move their account to this address, but this address already has its own ${name} account, so nothing was changed.</p>
<p>If that was you: sign in with this address instead, or delete the other account first (Settings, Account) and ask again.</p>
<p style="word-break:break-all">If you have forgotten its password: <a href="${href}">${href}</a></p>
<p>If it was not you, you can ignore this email.</p>`,
  );
  return { subject, text, html };
}

export function buildEmailChangedMail(input: {
  appName: string;
  supportEmail: string;
  newEmail: string;
}) {
  const name = escapeHtml(input.appName);
  const next = escapeHtml(input.newEmail);
  const support = escapeHtml(input.supportEmail);
  const subject = `Your ${input.appName} sign-in email was changed`;
  const text = [
    `Your ${input.appName} account now signs in with ${input.newEmail} instead of this address.`,
    "",
    "If this was you, there is nothing more to do.",
    `If it was not, write to ${input.supportEmail} from this address right away, so we can give the account back.`,
  ].join("\n");
  const html = wrapMail(
    "Your sign-in email was changed",
    `<p>Your ${name} account now signs in with ${next} instead of this address.</p>
<p>If this was you, there is nothing more to do.</p>
<p>If it was not, write to <a href="mailto:${support}">${support}</a> from this address right away, so we can give the account back.</p>`,
  );
  return { subject, text, html };
}

type Deps = { db: Db; mailer: Mailer; appName: string; appUrl: string; supportEmail: string };

async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/** Before `/change-email` and `/verify-email`. */
export async function guardEmailChange(ctx: Ctx, deps: Deps) {
  if (ctx.path === "/change-email") {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof body.newEmail !== "string") return undefined;
    const newEmail = body.newEmail.trim().toLowerCase();
    const ownerId = await findUserIdByEmail(deps.db, newEmail);
    const session = ownerId ? await getSessionFromCtx(ctx) : null;
    if (ownerId && session && ownerId !== session.user.id) {
      // Better Auth answers `{ status: true }` as for a free address; the owner hears about it.
      await deps.mailer.send({
        ...buildEmailInUseMail({ appName: deps.appName, appUrl: deps.appUrl }),
        to: newEmail,
        kind: "change-email-in-use",
        userId: null,
      });
    }
    return { context: { body: { ...body, newEmail, callbackURL: EMAIL_CHANGE_LANDING } } };
  }
  if (ctx.path === "/verify-email") {
    const claims = readChangeToken((ctx.query as Record<string, unknown> | undefined)?.token);
    if (!claims) return undefined;
    // Taken since the link was sent: a clear refusal rather than a unique-key failure.
    const ownerId = await findUserIdByEmail(deps.db, claims.updateTo.toLowerCase());
    if (ownerId && ownerId !== claims.userId) {
      throw ctx.redirect(`${EMAIL_CHANGE_LANDING}&error=EMAIL_IN_USE`);
    }
  }
  return undefined;
}

/** After `/verify-email`: once a change went through, tell the address it moved away from. */
export async function noticeEmailChanged(ctx: Ctx, deps: Deps): Promise<void> {
  if (ctx.path !== "/verify-email") return;
  const claims = readChangeToken((ctx.query as Record<string, unknown> | undefined)?.token);
  if (!claims) return;
  // A redirect (the link carries a callback) is thrown as an error whose headers hold the
  // Location; Better Auth appends `error=` to it when it refused the token.
  const returned = ctx.context.returned as
    { statusCode?: unknown; headers?: unknown; status?: unknown } | undefined;
  let isSuccess = false;
  if (returned && returned.headers instanceof Headers && returned.statusCode === 302) {
    const location = returned.headers.get("location") ?? "";
    isSuccess = location !== "" && !location.includes("error=");
  } else if (returned && typeof returned === "object") {
    isSuccess = returned.status === true;
  }
  if (!isSuccess) return;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!user || user.email !== claims.updateTo.toLowerCase()) return;
  await deps.mailer.send({
    ...buildEmailChangedMail({
      appName: deps.appName,
      supportEmail: deps.supportEmail,
      newEmail: claims.updateTo,
    }),
    to: claims.email,
    kind: "email-changed",
    userId: claims.userId,
  });
}
