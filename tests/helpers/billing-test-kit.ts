// Helpers shared by the billing API tests: read a user's billing rows and mails, pay a local
// checkout, move the server clock.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { injectAs, TEST_APP_URL, type TestUser } from "./test-app";
import { TEST_CARD_NUMBER } from "../../src/core/test-card";
import {
  billingStatus,
  checkoutSessions,
  outbox,
  subscriptions,
} from "../../src/server/db/schema/index";

export async function readBilling(app: FastifyInstance, userId: string) {
  const [row] = await app.db.select().from(billingStatus).where(eq(billingStatus.userId, userId));
  const subs = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return { row: row ?? null, subs };
}

export async function readCheckoutRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ?? null;
}

export async function countMails(app: FastifyInstance, userId: string, kind: string) {
  const rows = await app.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, "email"), eq(outbox.kind, kind)));
  return rows.length;
}

// Local: /checkout?session_id=…; the Stripe fake: https://checkout.stripe.test/c/pay/{id}.
export function sessionIdFrom(url: string): string {
  const parsed = new URL(url, TEST_APP_URL);
  const id =
    parsed.searchParams.get("session_id") ?? /\/pay\/(cs_[\w-]+)$/.exec(parsed.pathname)?.[1];
  if (!id) throw new Error(`no session_id in ${url}`);
  return id;
}

/** Starts a checkout (as `user`, or signed out) and returns the checkout session id. */
export async function startCheckout(app: FastifyInstance, user?: TestUser): Promise<string> {
  const options = { method: "POST" as const, url: "/api/billing/checkout" };
  const res = user
    ? await injectAs(app, user, options)
    : await app.inject({ ...options, headers: { origin: TEST_APP_URL } });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return sessionIdFrom(res.json<{ url: string }>().url);
}

export function payLocal(
  app: FastifyInstance,
  sessionId: string,
  patch: Partial<{ email: string; cardNumber: string; expiry: string; cvc: string }> = {},
) {
  return app.inject({
    method: "POST",
    url: `/api/billing/local/sessions/${sessionId}/pay`,
    headers: { origin: TEST_APP_URL },
    payload: {
      email: "payer@example.com",
      cardNumber: TEST_CARD_NUMBER,
      expiry: "12/99",
      cvc: "123",
      ...patch,
    },
  });
}

export function setClockOffset(app: FastifyInstance, offsetMs: number): void {
  app.clock.offsetMs = offsetMs;
}
