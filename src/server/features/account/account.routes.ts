import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  DELETE_WITHOUT_PASSWORD_MAX_SESSION_AGE_MS,
  MeSchema,
  MeUpdateSchema,
} from "../../../core/account";
import {
  accounts,
  profiles,
  sessions,
  userSettings,
  users,
  verifications,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { pendingPhoneIdentifier, savePhoneNumber, shownPhone } from "../../lib/pending-phone";
import { enforceTextRule } from "../settings/settings.public";
import { cancelSubscriptionsForDeletion } from "../billing/billing.public";
import { toWebHeaders } from "../../plugins/auth";
import { deleteAccount } from "./account-deletion";

// With a password: the password. Without one (Google-only sign-in): the account's email typed
// out, from a session started within the hour.
const DeleteAccountSchema = z.object({
  password: z.string().max(256).optional(),
  email: z.string().max(320).optional(),
});

function parseTheme(value: string | null): "light" | "dark" | null {
  return value === "light" || value === "dark" ? value : null;
}

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // Everything /api/me shows in one prepared statement: the user, profile and
  // settings, whether a password is set, and a pending phone number (which is shown instead of
  // the stored one). Rows a user lacks are created by getAccountRows, as before.
  const selectMe = db
    .select({
      user: users,
      profile: profiles,
      settings: userSettings,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.providerId} = 'credential' and ${accounts.password} is not null)`,
      pendingPhone: sql<
        string | null
      >`(select ${verifications.value} from ${verifications} where ${verifications.identifier} = ${sql.placeholder("pendingPhoneIdentifier")} limit 1)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("read_me");

  async function hasPassword(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.userId, userId),
          eq(accounts.providerId, "credential"),
          isNotNull(accounts.password),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function readMe(userId: string) {
    const [row] = await selectMe.execute({
      userId,
      pendingPhoneIdentifier: pendingPhoneIdentifier(userId),
    });
    if (!row) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const { user, pendingPhone } = row;
    const { profile, settings } =
      row.profile && row.settings
        ? { profile: row.profile, settings: row.settings }
        : await getAccountRows(db, userId);
    return {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        ...shownPhone(user, pendingPhone),
        hasPassword: Boolean(row.hasPassword),
      },
      profile,
      settings: { ...settings, theme: parseTheme(settings.theme) },
    };
  }

  app.get(
    "/api/me",
    { preHandler: app.requireUser, schema: { response: { 200: MeSchema } } },
    async (request) => readMe(request.user.id),
  );

  app.patch(
    "/api/me",
    { preHandler: app.requireUser, schema: { body: MeUpdateSchema, response: { 200: MeSchema } } },
    async (request) => {
      const userId = request.user.id;
      const { firstName, lastName, phoneNumber, theme } = request.body;
      await db.transaction(async (tx) => {
        if (firstName !== undefined || lastName !== undefined) {
          const [updated] = await tx
            .update(profiles)
            .set({ firstName, lastName })
            .where(eq(profiles.id, userId))
            .returning();
          const name = [updated?.firstName, updated?.lastName].filter(Boolean).join(" ");
          if (name) await tx.update(users).set({ name }).where(eq(users.id, userId));
        }
        if (phoneNumber !== undefined) {
          // The same answer whether or not another account holds the number.
          const [current] = await tx
            .select({ phoneNumber: users.phoneNumber })
            .from(users)
            .where(eq(users.id, userId));
          // Saving the same number again keeps its verification; a new one needs a new code.
          if (
            await savePhoneNumber(tx, userId, phoneNumber, {
              phoneNumber: current?.phoneNumber ?? null,
            })
          ) {
            await enforceTextRule(tx, userId, phoneNumber);
          }
        }
        if (theme !== undefined) {
          await tx.update(userSettings).set({ theme }).where(eq(userSettings.userId, userId));
        }
      });
      // The user row changed outside Better Auth: the session's cookie copies of it are stale.
      if (firstName !== undefined || lastName !== undefined || phoneNumber !== undefined) {
        app.forgetCachedSessions(userId);
      }
      return readMe(userId);
    },
  );

  // Delete the account and everything in it. The password confirms it is them.
  app.delete(
    "/api/account",
    { preHandler: app.requireUser, schema: { body: DeleteAccountSchema } },
    async (request, reply) => {
      const user = request.user;
      if (await hasPassword(user.id)) {
        const { password } = request.body;
        if (!password) {
          throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.enterPassword, {
            password: ACCOUNT_MESSAGES.enterPassword,
          });
        }
        try {
          await app.auth.api.verifyPassword({ body: { password }, headers: toWebHeaders(request) });
        } catch {
          throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.wrongPassword, {
            password: ACCOUNT_MESSAGES.wrongPassword,
          });
        }
      } else {
        const typed = request.body.email?.trim().toLowerCase();
        if (!typed) {
          throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.typeEmail, {
            email: ACCOUNT_MESSAGES.typeEmail,
          });
        }
        if (typed !== user.email.toLowerCase()) {
          throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.wrongEmail, {
            email: ACCOUNT_MESSAGES.wrongEmail,
          });
        }
        // Typing a shown address proves little on its own: the sign-in must be recent too.
        const [session] = await db
          .select({ createdAt: sessions.createdAt })
          .from(sessions)
          .where(eq(sessions.id, request.sessionId));
        const age = session ? app.clock.now().getTime() - session.createdAt.getTime() : Infinity;
        if (age > DELETE_WITHOUT_PASSWORD_MAX_SESSION_AGE_MS) {
          throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.signInAgain, {
            email: ACCOUNT_MESSAGES.signInAgain,
          });
        }
      }
      await cancelSubscriptionsForDeletion(app.billing, user.id);
      await deleteAccount(
        { db, storage: app.storage, mailer: app.mailer, appName: app.env.APP_NAME },
        user,
      );
      // Its sessions went with the user row, past Better Auth: their cookie copies end too.
      app.forgetCachedSessions(user.id);
      // The session row is gone with the user; clear the cookie too.
      return reply
        .header("set-cookie", [
          "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
          "__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
        ])
        .status(204)
        .send();
    },
  );
}
