// Better Auth: email + password with required verification, Google when configured, phone OTP,
// database-backed rate limits keyed by the real client IP, argon2id password hashes, and
// bearer tokens for API clients.
import { betterAuth } from "better-auth";
import { and, count, eq, gt } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { phoneNumber } from "better-auth/plugins/phone-number";
import { PASSWORD_MIN_LENGTH } from "../../../core/constants";
import type { Mailer } from "../../adapters/mail";
import type { SmsSender } from "../../adapters/sms";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import type { Env } from "../../env";
import { ensureAccountRows } from "../../lib/account-rows";
import type { BackgroundWork } from "../../lib/background-work";
import { listAppOrigins } from "../../lib/app-origins";
import { recordAuthEvent } from "./auth-events.service";
import { createAuthLog } from "./auth-logger";
import { claimVerifiedPendingPhone, findSessionUserId, guardPhoneOtp } from "./phone-otp-guard";
import {
  buildAccountExistsMail,
  buildPasswordChangedMail,
  buildPasswordResetMail,
  buildResetLink,
  RESET_MAILS_PER_HOUR,
  RESET_PASSWORD_EXPIRES_SECONDS,
} from "./password-reset-mail";
import { SESSION_CACHE_SECONDS, type SessionCacheGuard } from "./session-cache";
import { endTokensWithSessions, hideSessionTokens, narrowSessionRequest } from "./session-hooks";
import { revokeAllApiTokens } from "../api-tokens/api-tokens.public";
import { revokeAllDevices } from "../dav/dav.public";
import { answerResetRequestFirst, type ResetRequest } from "./password-reset-request";
import { guardUserFields } from "./user-limits";
import { buildVerificationMail, buildVerifyLink } from "./verification-mail";
import { googleEndpoints } from "./google-endpoints";
import {
  buildEmailChangeLink,
  buildEmailChangeMail,
  guardEmailChange,
  noticeEmailChanged,
  readChangeToken,
} from "./change-email";
import { hashPassword, verifyPassword } from "./password-hash";

export const VERIFICATION_EXPIRES_SECONDS = 24 * 60 * 60;

export type AuthLogger = {
  [K in "debug" | "info" | "warn" | "error"]: (obj: unknown, msg?: string) => void;
};

async function countRecentResetMails(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.outbox)
    .where(
      and(
        eq(schema.outbox.kind, "reset-password"),
        eq(schema.outbox.to, email),
        gt(schema.outbox.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  return row?.n ?? 0;
}

export type AuthDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  logger: AuthLogger;
  sessionGuard: SessionCacheGuard;
  background: BackgroundWork;
};

export function createAuth({ env, db, mailer, sms, logger, sessionGuard, background }: AuthDeps) {
  const isGoogleEnabled = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const emailChangeDeps = {
    db,
    mailer,
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    supportEmail: env.SUPPORT_EMAIL,
  };
  function startReset(request: ResetRequest, headers: Headers | undefined) {
    background.add("password reset request", () =>
      auth.api.requestPasswordReset({ body: request, headers }),
    );
  }
  const auth = betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: listAppOrigins(env.APP_URL, env.NODE_ENV === "production"),
    // Into our structured log instead of the console.
    logger: { level: "warn", log: createAuthLog(logger) },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 256,
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verifyPassword(stored, password),
      },
      // Forgotten password: a single-use link for an hour, then every session of the
      // account is signed out and a notice mail goes out. The request is answered before any of
      // it runs, the same for every address (password-reset-request.ts).
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        if ((await countRecentResetMails(db, user.email)) >= RESET_MAILS_PER_HOUR) {
          logger.info({ userId: user.id }, "password reset mail skipped: hourly limit reached");
          return;
        }
        await mailer.send({
          ...buildPasswordResetMail({
            appName: env.APP_NAME,
            link: buildResetLink({ appUrl: env.APP_URL, token }),
          }),
          to: user.email,
          kind: "reset-password",
          userId: user.id,
        });
      },
      // Sign-up answers the same whether or not the address has an account (no enumeration);
      // the owner of a verified one is told by mail instead of waiting for a link that never
      // comes. An unverified one gets the confirmation mail the client asks for next.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) return;
        await mailer.send({
          ...buildAccountExistsMail({ appName: env.APP_NAME, appUrl: env.APP_URL }),
          to: user.email,
          kind: "account-exists",
          userId: user.id,
        });
      },
      async onPasswordReset({ user }) {
        await recordAuthEvent(db, { userId: user.id, eventType: "PASSWORD_RESET" });
        await revokeAllApiTokens(db, user.id);
        await revokeAllDevices(db, user.id);
        await mailer.send({
          ...buildPasswordChangedMail({ appName: env.APP_NAME, appUrl: env.APP_URL }),
          to: user.email,
          kind: "password-changed",
          userId: user.id,
        });
      },
    },
    emailVerification: {
      // The client asks for the mail right after sign-up (spec 01 §4), so the user gets one.
      sendOnSignUp: false,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_SECONDS,
      async sendVerificationEmail({ user, url, token }) {
        // A change of sign-in email: the link goes to the new address.
        const change = readChangeToken(token);
        if (change) {
          await mailer.send({
            ...buildEmailChangeMail({
              appName: env.APP_NAME,
              link: buildEmailChangeLink({ appUrl: env.APP_URL, token }),
              oldEmail: change.email,
            }),
            to: user.email,
            kind: "change-email",
            userId: user.id,
          });
          return;
        }
        const link = buildVerifyLink({
          appUrl: env.APP_URL,
          token,
          email: user.email,
          authUrl: url,
        });
        await mailer.send({
          ...buildVerificationMail({ appName: env.APP_NAME, link }),
          to: user.email,
          kind: "verify-email",
          userId: user.id,
        });
      },
    },
    socialProviders: isGoogleEnabled
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID as string,
            clientSecret: env.GOOGLE_CLIENT_SECRET as string,
          },
        }
      : undefined,
    user: {
      // Verified through the new address only; the old one is told afterwards.
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Most requests read no session row: the session rides in a signed cookie
      // for a minute, and stops counting at once when it ends (session-cache.ts).
      cookieCache: {
        enabled: true,
        maxAge: SESSION_CACHE_SECONDS,
        version: (session, user) => sessionGuard.version(session.id, user.id),
      },
    },
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 3 },
        "/change-email": { window: 60, max: 3 },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 10 },
        "/verify-email": { window: 60, max: 20 },
        "/phone-number/send-otp": { window: 60, max: 3 },
        "/phone-number/verify": { window: 60, max: 10 },
      },
    },
    advanced: {
      // Better Auth turns its origin/CSRF checks off when the process runs with NODE_ENV=test;
      // we keep them on everywhere, so the API tests exercise what production runs.
      disableOriginCheck: false,
      useSecureCookies: env.NODE_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The Fastify mount overwrites this header with the address Fastify trusts.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    hooks: {
      before: createAuthMiddleware(
        async (ctx) =>
          guardUserFields(ctx) ??
          answerResetRequestFirst(ctx, startReset) ??
          (await narrowSessionRequest(ctx)) ??
          (await guardEmailChange(ctx, emailChangeDeps)) ??
          (await guardPhoneOtp(ctx)),
      ),
      after: createAuthMiddleware(async (ctx) => {
        await noticeEmailChanged(ctx, emailChangeDeps);
        // Device passwords and personal access tokens end where every other session does.
        await endTokensWithSessions(ctx, async (userId) => {
          await revokeAllApiTokens(db, userId);
          await revokeAllDevices(db, userId);
        });
        return (await claimVerifiedPendingPhone(ctx, db)) ?? hideSessionTokens(ctx);
      }),
    },
    // A refusal thrown before an endpoint runs (a hook, a middleware) is an answer, not a fault:
    // without this Better Auth prints it to the console; faults still reach our log.
    onAPIError: {
      // A Google sign-in that fails before it knows where to return (a lost or reused state)
      // lands on the callback page's failure card too, not on Better Auth's own error page.
      errorURL: new URL("/auth/oauth-callback", env.APP_URL).toString(),
      onError(error) {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) logger.error({ err: error }, "[auth] request failed");
      },
    },
    databaseHooks: {
      session: {
        delete: {
          before(session) {
            sessionGuard.revokeSession(session.id);
            return Promise.resolve();
          },
        },
      },
      user: {
        update: {
          after(user) {
            sessionGuard.forgetUser(user.id);
            return Promise.resolve();
          },
        },
        delete: {
          before(user) {
            sessionGuard.forgetUser(user.id);
            return Promise.resolve();
          },
        },
        create: {
          async after(user) {
            await ensureAccountRows(db, user.id);
            await recordAuthEvent(db, { userId: user.id, eventType: "SIGNED_UP" });
          },
        },
      },
    },
    plugins: [
      // API clients (spec 02 §7) send `Authorization: Bearer <token>`, the signed session token
      // sign-in returns in `set-auth-token`; the unsigned value stored in the sessions table is
      // refused, so a copy of that table alone signs no one in.
      bearer({ requireSignature: true }),
      phoneNumber({
        otpLength: 6,
        expiresIn: 600,
        async sendOTP({ phoneNumber: to, code }, ctx) {
          await sms.send({
            to,
            body: `${code} is your ${env.APP_NAME} verification code.`,
            kind: "phone-otp",
            userId: await findSessionUserId(ctx),
          });
        },
      }),
      ...(isGoogleEnabled && env.GOOGLE_OAUTH_URL ? [googleEndpoints(env.GOOGLE_OAUTH_URL)] : []),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
