// POST /api/billing/webhook (BILLING_PROVIDER=stripe). The signature is checked on the raw body;
// each event id is processed once (webhook_events); an event is only a hint: the session or
// subscription it names is re-read from Stripe before anything is written.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import { subscriptions, webhookEvents } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { BillingContext } from "./billing-context";
import { notifyUsers } from "../notifications/notifications.public";
import { fulfilCheckoutSession, syncSubscriptionById } from "./fulfilment";
import { paymentFailedAlert } from "./payment-alert";
import { recordPayment } from "./payments";
import {
  createStripeClient,
  createStripeProvider,
  invoiceSubscriptionId,
  STRIPE_WEBHOOK_LIMITS,
} from "./stripe-provider";

const WebhookAckSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

// A paid invoice, re-read from Stripe, is one payment (both events name the same invoice). A
// zero invoice (the start of a plan paid for during the trial) charged nothing and is left out.
async function recordInvoice(ctx: BillingContext, invoiceId: string): Promise<void> {
  const payment = await ctx.provider.readPayment?.(invoiceId);
  if (!payment || payment.amountCents <= 0) return;
  const [owner] = await ctx.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, payment.subscriptionId));
  await recordPayment(ctx.db, { ...payment, userId: owner?.userId ?? null, provider: "stripe" });
}

export async function handleStripeEvent(ctx: BillingContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.mode !== "subscription") return;
      try {
        await fulfilCheckoutSession(ctx, { sessionId: session.id });
      } catch (error) {
        // A session Stripe no longer knows has nothing to fulfil.
        if (!(error instanceof AppError && error.code === "BAD_REQUEST")) throw error;
      }
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      await syncSubscriptionById(ctx, event.data.object.id);
      return;
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const id = invoiceSubscriptionId(event.data.object);
      if (id) await syncSubscriptionById(ctx, id);
      if (event.data.object.id) await recordInvoice(ctx, event.data.object.id);
      return;
    }
    case "invoice.payment_failed": {
      // Each failed attempt (a new event id) is one alert, stored with the subscription's
      // re-read state; a replayed event is a duplicate and writes nothing.
      const invoice = event.data.object;
      const id = invoiceSubscriptionId(invoice);
      if (id) {
        await syncSubscriptionById(ctx, id, (tx, userId) =>
          notifyUsers(tx, [
            paymentFailedAlert({ userId, appName: ctx.env.APP_NAME, invoiceId: invoice.id ?? "" }),
          ]),
        );
      }
      return;
    }
    default:
      return;
  }
}

export async function stripeWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The webhook's re-reads use a client of their own with a short timeout and no retries, so a
  // slow Stripe answer becomes a quick 503 that Stripe retries, not a webhook that hangs.
  const stripe = createStripeClient(app.billing.env, STRIPE_WEBHOOK_LIMITS);
  const ctx: BillingContext = {
    ...app.billing,
    provider: createStripeProvider(app.billing.env, stripe, app.billing.now),
  };
  const secret = ctx.env.STRIPE_WEBHOOK_SECRET ?? "";

  // The signature covers the exact bytes Stripe sent: keep them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/api/billing/webhook",
    { schema: { response: { 200: WebhookAckSchema } } },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
        throw new AppError("BAD_REQUEST", "Missing Stripe signature or body.");
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new AppError("BAD_REQUEST", "Invalid webhook signature.");
      }

      const inserted = await ctx.db
        .insert(webhookEvents)
        .values({
          id: event.id,
          provider: "stripe",
          type: event.type,
          payload: { objectId: (event.data.object as { id?: string }).id ?? null },
          receivedAt: ctx.now(),
        })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (inserted.length === 0) return { received: true, duplicate: true };

      try {
        await handleStripeEvent(ctx, event);
      } catch (error) {
        // Forget the event so Stripe's retry is processed rather than skipped as a duplicate.
        await ctx.db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
        request.log.error({ err: error, eventId: event.id, type: event.type }, "webhook failed");
        throw error;
      }
      await ctx.db
        .update(webhookEvents)
        .set({ processedAt: ctx.now() })
        .where(eq(webhookEvents.id, event.id));
      return { received: true, duplicate: false };
    },
  );
}
