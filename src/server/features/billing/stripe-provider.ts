// BILLING_PROVIDER=stripe through the official SDK: Checkout in subscription mode, the customer
// portal, and reads of sessions and subscriptions (webhooks are only a hint to re-read).
// STRIPE_API_HOST/PORT/PROTOCOL point the SDK at a local fake in tests.
import Stripe from "stripe";
import type { Env } from "../../env";
import type { PaymentSnapshot } from "./payments";
import {
  ProviderUnavailableError,
  type BillingProvider,
  type SubscriptionSnapshot,
} from "./billing-provider";

export type StripeClientLimits = { timeoutMs: number; maxNetworkRetries: number };

/** Requests a user waits on (checkout, success page, settings): patient, with retries. */
export const STRIPE_DEFAULT_LIMITS: StripeClientLimits = {
  timeoutMs: 10_000,
  maxNetworkRetries: 2,
};

// The webhook must answer quickly, and Stripe itself retries a delivery that fails or times out
// (with backoff, for days): one short try per read, and a 503 lets Stripe try again later.
export const STRIPE_WEBHOOK_LIMITS: StripeClientLimits = { timeoutMs: 3_000, maxNetworkRetries: 0 };

export function createStripeClient(env: Env, limits = STRIPE_DEFAULT_LIMITS): Stripe {
  return new Stripe(env.STRIPE_SECRET_KEY ?? "", {
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
    maxNetworkRetries: limits.maxNetworkRetries,
    timeout: limits.timeoutMs,
    telemetry: false,
    appInfo: { name: env.APP_NAME },
  });
}

// Stripe Checkout refuses a trial_end less than 48 hours away; a trial closer to its end is
// carried to that point (and Tend's own trial is lengthened to match when the subscription is
// stored), so paying never costs the days left.
const MIN_CHECKOUT_TRIAL_MS = 48 * 60 * 60 * 1000 + 60_000;

export function checkoutTrialEnd(trialEnd: Date | null, now: Date): number | null {
  if (!trialEnd || trialEnd.getTime() <= now.getTime()) return null;
  // From the start of the minute, as the checkout's idempotency key is: a second click in that
  // minute sends the same parameters, which Stripe requires of a repeated key.
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const end = Math.max(trialEnd.getTime(), minute + MIN_CHECKOUT_TRIAL_MS);
  return Math.ceil(end / 1000);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === "resource_missing")
  );
}

// Reads that fail for any reason other than "no such object" are the provider being
// unavailable: the caller answers 503 (and a webhook is retried by Stripe).
async function read<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) return null;
    throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
}

export function toSubscriptionSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  // Newer API versions keep the period on the item; older ones on the subscription.
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item?.current_period_end ?? legacyEnd ?? null;
  const currentPeriodEnd = periodEnd ? new Date(periodEnd * 1000) : null;
  // The portal may set cancel_at (at the period end) instead of cancel_at_period_end.
  const cancelsAtEnd =
    sub.cancel_at_period_end ||
    (sub.cancel_at !== null && periodEnd !== null && sub.cancel_at <= periodEnd);
  return {
    id: sub.id,
    status: sub.status,
    customerId: idOf(sub.customer),
    priceId: item?.price?.id ?? null,
    currentPeriodEnd,
    cancelAtPeriodEnd: cancelsAtEnd,
  };
}

/** The subscription an invoice bills: on `parent` in newer API versions, on the invoice before. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return idOf(fromParent ?? legacy ?? null);
}

function toPaymentSnapshot(invoice: Stripe.Invoice): PaymentSnapshot | null {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!invoice.id || !subscriptionId) return null;
  const period = invoice.lines?.data?.[0]?.period;
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  return {
    id: invoice.id,
    subscriptionId,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status ?? "paid",
    periodStart: seconds(period?.start),
    periodEnd: seconds(period?.end),
    paidAt: seconds(invoice.status_transitions?.paid_at) ?? new Date(invoice.created * 1000),
  };
}

export function createStripeProvider(
  env: Env,
  stripe = createStripeClient(env),
  now: () => Date = () => new Date(),
): BillingProvider {
  return {
    name: "stripe",
    async createCheckout({ user, idempotencyKey, trialEnd }) {
      const trialEndSeconds = checkoutTrialEnd(trialEnd, now());
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: "subscription",
            line_items: [{ price: env.STRIPE_PRICE_ID, quantity: 1 }],
            success_url: `${env.APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${env.APP_URL}/subscribe`,
            ...(user?.customerId
              ? { customer: user.customerId }
              : user
                ? { customer_email: user.email }
                : {}),
            ...(user
              ? {
                  client_reference_id: user.id,
                  metadata: { userId: user.id },
                  subscription_data: {
                    metadata: { userId: user.id },
                    ...(trialEndSeconds ? { trial_end: trialEndSeconds } : {}),
                  },
                }
              : {}),
          },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          throw new ProviderUnavailableError(
            error instanceof Error ? error.message : String(error),
          );
        });
      if (!session.url) throw new ProviderUnavailableError("Stripe returned no checkout URL");
      return { id: session.id, url: session.url, email: user?.email ?? null };
    },
    async readCheckoutSession(id) {
      const session = await read(() => stripe.checkout.sessions.retrieve(id));
      if (!session) return null;
      const isPaid =
        session.status === "complete" &&
        (session.payment_status === "paid" || session.payment_status === "no_payment_required");
      return {
        id: session.id,
        isPaid,
        email: session.customer_details?.email ?? session.customer_email ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    },
    async readSubscription(id) {
      const sub = await read(() => stripe.subscriptions.retrieve(id));
      return sub ? toSubscriptionSnapshot(sub) : null;
    },
    async setCancelAtPeriodEnd(id, cancel) {
      const sub = await read(() =>
        stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
      );
      return sub ? toSubscriptionSnapshot(sub) : null;
    },
    async readPayment(invoiceId) {
      const invoice = await read(() => stripe.invoices.retrieve(invoiceId));
      return invoice ? toPaymentSnapshot(invoice) : null;
    },
    async createPortalUrl({ customerId, returnUrl }) {
      const portal = await stripe.billingPortal.sessions
        .create({ customer: customerId, return_url: returnUrl })
        .catch((error: unknown) => {
          throw new ProviderUnavailableError(
            error instanceof Error ? error.message : String(error),
          );
        });
      return portal.url;
    },
  };
}
