// One interface over the ways Tend can be paid for (BILLING_PROVIDER): our own local checkout,
// Stripe, or off. Everything the rest of billing knows about a provider goes through this.
import type { BillingProviderName } from "../../../core/billing";
import { AppError } from "../../lib/app-error";
import type { PaymentSnapshot } from "./payments";

/** A subscription as the provider reports it right now (never as a webhook payload said). */
export type SubscriptionSnapshot = {
  id: string;
  status: string;
  customerId: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** A checkout session as the provider reports it. */
export type CheckoutSnapshot = {
  id: string;
  isPaid: boolean;
  email: string | null;
  customerId: string | null;
  subscriptionId: string | null;
};

export type CheckoutRequest = {
  user: { id: string; email: string; customerId: string | null } | null;
  /** The end of the user's running trial: the first charge waits until then. */
  trialEnd: Date | null;
  /** Same key → same session, so a double click or a retried request pays once. */
  idempotencyKey: string;
};

export type BillingProvider = {
  name: BillingProviderName;
  createCheckout: (
    request: CheckoutRequest,
  ) => Promise<{ id: string; url: string; email: string | null }>;
  readCheckoutSession: (id: string) => Promise<CheckoutSnapshot | null>;
  readSubscription: (id: string) => Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd: (id: string, cancel: boolean) => Promise<SubscriptionSnapshot | null>;
  /** A paid invoice as the provider reports it (Stripe; the local provider records its own). */
  readPayment?: (invoiceId: string) => Promise<PaymentSnapshot | null>;
  /** The provider's hosted page for managing the subscription, when it has one. */
  createPortalUrl: ((input: { customerId: string; returnUrl: string }) => Promise<string>) | null;
};

/** The provider could not be reached or failed: the caller gets a 503 and may try again. */
export class ProviderUnavailableError extends AppError {
  readonly detail: string;
  constructor(detail: string) {
    super("UNAVAILABLE", "We couldn't reach the payment provider. Please try again in a moment.");
    this.detail = detail;
  }
}
