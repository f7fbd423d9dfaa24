// The billing API (spec 01 §7 under our names, architecture §1): checkout, link, onboarding
// subscription, status, and managing the subscription. The local checkout page's API and the
// Stripe webhook are registered from here too.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  BillingStatusResponseSchema,
  CheckoutResponseSchema,
  CheckoutSummarySchema,
  LinkBodySchema,
  LinkResponseSchema,
  OnboardingSubscriptionBodySchema,
  PaymentsResponseSchema,
  PortalResponseSchema,
} from "../../../core/billing";
import {
  createPortalUrl,
  describeCheckout,
  getBillingStatus,
  linkCheckoutSession,
  linkOrCreateSubscription,
  refreshLocalSubscriptions,
  setCancelAtPeriodEnd,
  startCheckout,
} from "./billing.service";
import { localCheckoutRoutes } from "./local-checkout.routes";
import { listPayments } from "./payments";
import { stripeWebhookRoutes } from "./stripe-webhook.routes";

// Starting checkouts creates rows and provider sessions for anyone, signed in or not.
const CHECKOUT_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };

export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.billing;

  app.post(
    "/api/billing/checkout",
    { config: CHECKOUT_RATE_LIMIT, schema: { response: { 200: CheckoutResponseSchema } } },
    async (request) => {
      const user = await app.findSessionUser(request);
      return startCheckout(ctx, user?.emailVerified ? { id: user.id, email: user.email } : null);
    },
  );

  app.get(
    "/api/billing/checkout/:sessionId",
    {
      config: CHECKOUT_RATE_LIMIT,
      schema: {
        params: LinkBodySchema,
        response: { 200: CheckoutSummarySchema },
      },
    },
    async (request) => describeCheckout(ctx, request.params.sessionId),
  );

  app.post(
    "/api/billing/link",
    {
      preHandler: app.requireUser,
      schema: { body: LinkBodySchema, response: { 200: LinkResponseSchema } },
    },
    async (request) =>
      linkCheckoutSession(ctx, { userId: request.user.id, sessionId: request.body.sessionId }),
  );

  app.post(
    "/api/billing/onboarding-subscription",
    {
      preHandler: app.requireUser,
      schema: {
        body: OnboardingSubscriptionBodySchema.optional(),
        response: { 200: LinkResponseSchema },
      },
    },
    async (request) =>
      linkOrCreateSubscription(ctx, {
        userId: request.user.id,
        sessionId: request.body?.sessionId,
      }),
  );

  app.get(
    "/api/billing/status",
    { preHandler: app.requireUser, schema: { response: { 200: BillingStatusResponseSchema } } },
    async (request) => getBillingStatus(ctx, request.user.id),
  );

  app.get(
    "/api/billing/payments",
    { preHandler: app.requireUser, schema: { response: { 200: PaymentsResponseSchema } } },
    async (request) => {
      await refreshLocalSubscriptions(ctx, request.user.id);
      return { payments: await listPayments(ctx.db, request.user.id) };
    },
  );

  app.post(
    "/api/billing/portal",
    { preHandler: app.requireUser, schema: { response: { 200: PortalResponseSchema } } },
    async (request) => ({ url: await createPortalUrl(ctx, request.user.id) }),
  );

  for (const [action, cancel] of [
    ["cancel", true],
    ["resume", false],
  ] as const) {
    app.post(
      `/api/billing/subscription/${action}`,
      { preHandler: app.requireUser, schema: { response: { 200: BillingStatusResponseSchema } } },
      async (request) => {
        await setCancelAtPeriodEnd(ctx, { userId: request.user.id, cancel });
        return getBillingStatus(ctx, request.user.id);
      },
    );
  }

  if (ctx.provider.name === "local") await app.register(localCheckoutRoutes);
  if (ctx.provider.name === "stripe") await app.register(stripeWebhookRoutes);
}
