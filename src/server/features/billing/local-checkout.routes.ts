// The API of our own checkout page (BILLING_PROVIDER=local): read the session, pay it with a
// test card. Knowing the session id is what grants access, as with a hosted checkout URL.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CheckoutSessionIdSchema } from "../../../core/billing";
import { DAY_MS } from "../../../core/constants";
import {
  CARD_MESSAGES,
  isDeclinedTestCard,
  isExpiryInPast,
  type LocalCheckoutSession,
} from "../../../core/test-card";
import {
  LocalCheckoutSessionSchema,
  LocalPaymentBodySchema,
  LocalPaymentResponseSchema,
} from "../../../core/test-card-schema";
import { checkoutSessions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { BillingContext } from "./billing-context";
import { fulfilCheckoutSession, sendFinishAccountMail } from "./fulfilment";
import { LOCAL_PROVIDER, newLocalId } from "./local-provider";

// Hosted checkout sessions expire after a day; so do ours.
const SESSION_LIFETIME_MS = DAY_MS;

const ParamsSchema = z.object({ id: CheckoutSessionIdSchema });

async function getLocalSession(ctx: BillingContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, LOCAL_PROVIDER)));
  if (!row) {
    throw new AppError(
      "NOT_FOUND",
      "This checkout was not found. Please start again from the plan page.",
    );
  }
  return row;
}

function statusOf(
  row: Awaited<ReturnType<typeof getLocalSession>>,
  now: Date,
): LocalCheckoutSession["status"] {
  if (row.status === "complete") return "complete";
  if (row.completedAt) return "paid";
  return now.getTime() - row.createdAt.getTime() > SESSION_LIFETIME_MS ? "expired" : "open";
}

export function successPath(sessionId: string): string {
  return `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
}

export async function localCheckoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.billing;

  app.get(
    "/api/billing/local/sessions/:id",
    { schema: { params: ParamsSchema, response: { 200: LocalCheckoutSessionSchema } } },
    async (request) => {
      const row = await getLocalSession(ctx, request.params.id);
      return {
        id: row.id,
        status: statusOf(row, ctx.now()),
        email: row.email,
        isSignedInCheckout: row.userId !== null,
      };
    },
  );

  app.post(
    "/api/billing/local/sessions/:id/pay",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        params: ParamsSchema,
        body: LocalPaymentBodySchema,
        response: { 200: LocalPaymentResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await getLocalSession(ctx, id);
      const now = ctx.now();
      const status = statusOf(row, now);
      // Paying twice (a double click, a reload) lands on the same success page.
      if (status === "paid" || status === "complete") return { redirectUrl: successPath(id) };
      if (status === "expired") {
        throw new AppError(
          "BAD_REQUEST",
          "This checkout has expired. Please start again from the plan page.",
        );
      }
      const { email, cardNumber, expiry } = request.body;
      if (isExpiryInPast(expiry, now)) {
        throw new AppError("BAD_REQUEST", CARD_MESSAGES.expired, { expiry: CARD_MESSAGES.expired });
      }
      if (isDeclinedTestCard(cardNumber)) {
        throw new AppError("BAD_REQUEST", CARD_MESSAGES.declined, {
          cardNumber: CARD_MESSAGES.declined,
        });
      }
      const paidNow = await ctx.db
        .update(checkoutSessions)
        .set({
          email,
          status: "paid",
          customerId: newLocalId("cus"),
          subscriptionId: newLocalId("sub"),
          completedAt: now,
        })
        .where(and(eq(checkoutSessions.id, id), isNull(checkoutSessions.completedAt)))
        .returning({ id: checkoutSessions.id });
      // What a provider's webhook would do: fulfil now if the checkout belongs to a user, or
      // mail the payer a way back to account creation if it belongs to no one yet.
      const result = await fulfilCheckoutSession(ctx, { sessionId: id });
      if (paidNow.length > 0 && result.state === "paid")
        await sendFinishAccountMail(ctx, { sessionId: id, email });
      return { redirectUrl: successPath(id) };
    },
  );
}
