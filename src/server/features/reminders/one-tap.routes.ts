// One-tap links from reminder mail, usable without signing in. A GET only shows
// a confirmation page (mail scanners follow links); a POST acts, once: the token's hash is
// recorded in the action's transaction, so a replay adds nothing. Unsubscribe follows RFC 8058:
// the one-click POST (List-Unsubscribe=One-Click) turns email reminders off and deletes nothing.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactDisplayName } from "../../../core/contacts";
import type { Db } from "../../db/client";
import { oneTapUses, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { html, type SafeHtml } from "../../lib/html";
import { findContactRow } from "../contacts/contacts.public";
import { applyOneTapAction } from "./one-tap-action";
import { confirmForm, sendPage } from "./one-tap-pages";
import { hashToken, verifyOneTapToken, type OneTapClaims } from "./one-tap-tokens";
import { setEmailReminders } from "./reminders.service";
import { addFormBodyParser } from "../../lib/form-body";

const TokenParamsSchema = z.object({ token: z.string().min(1).max(1000) });

export async function oneTapRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Mail apps send the RFC 8058 one-click POST as a form; our confirmation pages post forms too.
  addFormBodyParser(app, 4096);

  function send(reply: FastifyReply, status: number, title: string, body: SafeHtml) {
    return sendPage(reply, app.env, { status, title, body });
  }

  // A used link says so, on a GET (the page) and on a replayed POST alike.
  function alreadyDone(reply: FastifyReply, name: string) {
    return send(
      reply,
      200,
      "Already done",
      html`<p>You already used this link for ${name}. Nothing more to do.</p>`,
    );
  }

  function refuse(reply: FastifyReply, reason: "invalid" | "expired" | "missing") {
    if (reason === "expired") {
      return send(
        reply,
        410,
        "This link has expired",
        html`<p>
          Links in reminder emails work for 14 days. Open ${app.env.APP_NAME} to log contact or
          snooze from there.
        </p>`,
      );
    }
    if (reason === "missing") {
      return send(
        reply,
        404,
        "This contact is no longer there",
        html`<p>The contact may have been deleted. Nothing was changed.</p>`,
      );
    }
    return send(
      reply,
      400,
      "This link is not valid",
      html`<p>
        It may have been cut off or changed. Open the reminder email again and use the whole link,
        or open ${app.env.APP_NAME} directly.
      </p>`,
    );
  }

  // A deleted account's links answer as expired ones do: nothing of it is left to act on.
  async function check(
    token: string,
    kind: "contact" | "unsubscribe",
  ): Promise<OneTapClaims | "invalid" | "expired"> {
    const result = verifyOneTapToken(app.env.AUTH_SECRET, token, app.clock.now());
    if (!result.ok) return result.reason;
    const isUnsubscribe = result.claims.action === "unsubscribe";
    if ((kind === "unsubscribe") !== isUnsubscribe) return "invalid";
    const [user] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, result.claims.userId));
    return user ? result.claims : "expired";
  }

  async function findContact(db: Db, claims: OneTapClaims) {
    if (!claims.contactId) return undefined;
    return findContactRow(db, claims.userId, claims.contactId);
  }

  app.get(
    "/r/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const claims = await check(request.params.token, "contact");
      if (typeof claims === "string") return refuse(reply, claims);
      const contact = await findContact(app.db, claims);
      if (!contact) return refuse(reply, "missing");
      const name = contactDisplayName(contact);
      const [used] = await app.db
        .select()
        .from(oneTapUses)
        .where(eq(oneTapUses.tokenHash, hashToken(request.params.token)));
      if (used) return alreadyDone(reply, name);
      const action = `/r/${request.params.token}`;
      if (claims.action === "contacted") {
        return send(
          reply,
          200,
          `Mark ${name} as contacted?`,
          html`<p>
              This logs that you were in touch with ${name} today and moves their next due date.
            </p>
            ${confirmForm(action, "Mark contacted")}`,
        );
      }
      return send(
        reply,
        200,
        `Snooze ${name} for 1 week?`,
        html`<p>${name} will be due again in a week. Nothing is logged.</p>
          ${confirmForm(action, "Snooze 1 week")}`,
      );
    },
  );

  app.post(
    "/r/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const { token } = request.params;
      const claims = await check(token, "contact");
      if (typeof claims === "string") return refuse(reply, claims);
      const now = app.clock.now();
      if (!claims.contactId) return refuse(reply, "missing");
      try {
        const outcome = await applyOneTapAction(app.db, {
          userId: claims.userId,
          contactId: claims.contactId,
          contactIds: claims.contactIds,
          action: claims.action === "contacted" ? "contacted" : "snooze",
          useKey: token,
          now,
        });
        if (outcome.kind === "missing") return refuse(reply, "missing");
        if (outcome.kind === "replay") return alreadyDone(reply, outcome.name);
        if (claims.action === "contacted") {
          return send(
            reply,
            200,
            "Marked as contacted",
            html`<p>${outcome.name} is marked as contacted today.</p>`,
          );
        }
        return send(
          reply,
          200,
          "Snoozed for a week",
          html`<p>${outcome.name} is snoozed for a week.</p>`,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return send(reply, error.status, "That did not work", html`<p>${error.message}</p>`);
      }
    },
  );

  app.get(
    "/unsubscribe/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const claims = await check(request.params.token, "unsubscribe");
      if (typeof claims === "string") return refuse(reply, claims);
      return send(
        reply,
        200,
        "Stop reminder emails?",
        html`<p>
            You will stop getting reminder emails from ${app.env.APP_NAME}. Your contacts, rhythms
            and history stay as they are, and you can turn reminders back on in Settings at any
            time.
          </p>
          ${confirmForm(`/unsubscribe/${request.params.token}`, "Stop reminder emails")}`,
      );
    },
  );

  app.post(
    "/unsubscribe/:token",
    { schema: { hide: true, params: TokenParamsSchema } },
    async (request, reply) => {
      const claims = await check(request.params.token, "unsubscribe");
      if (typeof claims === "string") return refuse(reply, claims);
      await setEmailReminders(app.db, claims.userId, false);
      return send(
        reply,
        200,
        "Reminder emails are off",
        html`<p>
          You won't get reminder emails any more. Nothing was deleted. To turn them back on, open
          <a href="${app.env.APP_URL}/app/settings">Settings</a>.
        </p>`,
      );
    },
  );
}
