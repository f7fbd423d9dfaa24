import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MeSchema, MeUpdateSchema } from "../../../core/account";
import { profiles, userSettings, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getAccountRows } from "../../lib/account-rows";
import { enforceTextRule } from "../settings/settings.public";
import { cancelSubscriptionsForDeletion } from "../billing/billing.public";
import { toWebHeaders } from "../../plugins/auth";
import { deleteAccount } from "./account-deletion";

const DeleteAccountSchema = z.object({
  password: z.string().min(1, "Enter your password to delete your account.").max(256),
});

function parseTheme(value: string | null): "light" | "dark" | null {
  return value === "light" || value === "dark" ? value : null;
}

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // The user, profile and settings in one prepared query (decision 140); rows a user lacks are
  // created by getAccountRows, as before.
  const selectMe = db
    .select({ user: users, profile: profiles, settings: userSettings })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("read_me");

  async function readMe(userId: string) {
    const [row] = await selectMe.execute({ userId });
    if (!row) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const { user } = row;
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
        phoneNumber: user.phoneNumber,
        phoneNumberVerified: user.phoneNumberVerified,
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
          const [taken] = phoneNumber
            ? await tx
                .select({ id: users.id })
                .from(users)
                .where(eq(users.phoneNumber, phoneNumber))
            : [];
          if (taken && taken.id !== userId) {
            throw new AppError(
              "CONFLICT",
              "That phone number is already used by another account.",
              {
                phoneNumber: "Already used by another account",
              },
            );
          }
          // Saving the same number again keeps its verification; a new one needs a new code.
          const [current] = await tx
            .select({ phoneNumber: users.phoneNumber })
            .from(users)
            .where(eq(users.id, userId));
          if (current?.phoneNumber !== phoneNumber) {
            await tx
              .update(users)
              .set({ phoneNumber, phoneNumberVerified: false })
              .where(eq(users.id, userId));
            await enforceTextRule(tx, userId, phoneNumber);
          }
        }
        if (theme !== undefined) {
          await tx.update(userSettings).set({ theme }).where(eq(userSettings.userId, userId));
        }
      });
      return readMe(userId);
    },
  );

  // Delete the account and everything in it (decision 107). The password confirms it is them.
  app.delete(
    "/api/account",
    { preHandler: app.requireUser, schema: { body: DeleteAccountSchema } },
    async (request, reply) => {
      const user = request.user;
      try {
        await app.auth.api.verifyPassword({
          body: { password: request.body.password },
          headers: toWebHeaders(request),
        });
      } catch {
        throw new AppError("BAD_REQUEST", "That password is not right.", {
          password: "That password is not right.",
        });
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
