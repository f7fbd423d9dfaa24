// Contracts of the billing API (shared by server and web) and the rule that picks which of a
// user's subscriptions decides their billing_status.
import { z } from "zod";
import { computeSubscriptionStatus } from "./subscription";

export const BILLING_PROVIDERS = ["local", "stripe", "off"] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** Where "trial" and "off" rows come from when no payment provider made them. */
export const TRIAL_PROVIDER = "trial";

/** A paid subscription still to be charged: running, or paid for during the trial and waiting
 * for it to end ("trialing", as Stripe calls it). */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"];

export const CheckoutSessionIdSchema = z
  .string()
  .trim()
  .min(1, "A checkout session id is required")
  .max(200, "That checkout session id is not valid")
  .regex(/^[\w-]+$/, "That checkout session id is not valid");

export const CheckoutResponseSchema = z.object({ url: z.string() });

export const LinkBodySchema = z.object({ sessionId: CheckoutSessionIdSchema });

/** How long the mailed link back to account creation works after a payment. */
export const FINISH_ACCOUNT_LINK_DAYS = 7;

/** A checkout as account creation needs it: the email paid with, carried into the form. */
export const CheckoutSummarySchema = z.object({
  email: z.string().nullable(),
  isPaid: z.boolean(),
  /** Already linked to an account (the link was used): sign in instead. */
  isLinked: z.boolean(),
  /** Paid more than FINISH_ACCOUNT_LINK_DAYS ago: sign up with the email paid with instead. */
  isExpired: z.boolean(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>;

export const OnboardingSubscriptionBodySchema = z.object({
  sessionId: CheckoutSessionIdSchema.optional(),
});

export const LINK_OUTCOMES = ["linked", "pending", "trial", "existing", "none"] as const;
export const LinkResponseSchema = z.object({
  outcome: z.enum(LINK_OUTCOMES),
  subscriptionStatus: z.string().nullable(),
});
export type LinkResponse = z.infer<typeof LinkResponseSchema>;

export const BillingRowSchema = z.object({
  subscriptionStatus: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  isTrial: z.boolean(),
  provider: z.string(),
  updatedAt: z.string(),
});
export type BillingRow = z.infer<typeof BillingRowSchema>;

// The signed-in user's own rows, without internal ids (the provider's subscription id, or the
// trial's, which carries the user id): the debug page shows them as they are.
export const SubscriptionRowSchema = z.object({
  status: z.string(),
  provider: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const BillingStatusResponseSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  serverNow: z.string(),
  billingStatus: BillingRowSchema.nullable(),
  subscriptions: z.array(SubscriptionRowSchema),
  status: z.enum(["active", "none", "unknown"]),
  isWithinGrace: z.boolean(),
  /** A plan paid for during the trial: it starts (first charge) when the trial ends. */
  scheduledPlan: z.object({ startsAt: z.string(), cancelAtPeriodEnd: z.boolean() }).nullable(),
  /** portal: the provider's hosted portal; local: cancel / resume here; none: nothing to manage. */
  manage: z.enum(["portal", "local", "none"]),
});
export type BillingStatusResponse = z.infer<typeof BillingStatusResponseSchema>;

export const PaymentRowSchema = z.object({
  paidAt: z.string(),
  amountCents: z.number().int(),
  /** ISO 4217, lower case as the providers write it ("usd"). */
  currency: z.string(),
  status: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

export const PaymentsResponseSchema = z.object({ payments: z.array(PaymentRowSchema) });

export const PortalResponseSchema = z.object({ url: z.string() });

export const LeadBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "That email address is too long")
    .refine((v) => v.includes("@"), "Please enter an email address with an @"),
});

/** Which of a user's subscriptions decides billing_status. */
export type SubscriptionCandidate = {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  isTrial: boolean;
  updatedAt: Date;
};

const RAW_STATUS_RANK = ["active", "trialing", "past_due", "incomplete", "unpaid", "canceled"];

function rankOf(candidate: SubscriptionCandidate, now: Date): number[] {
  const computed = computeSubscriptionStatus(
    {
      subscriptionStatus: candidate.status,
      currentPeriodEnd: candidate.currentPeriodEnd,
      cancelAtPeriodEnd: candidate.cancelAtPeriodEnd,
    },
    now,
  );
  const access = computed.status !== "active" ? 2 : computed.isWithinGrace ? 1 : 0;
  const raw = RAW_STATUS_RANK.indexOf(candidate.status);
  return [
    access,
    raw === -1 ? RAW_STATUS_RANK.length : raw,
    candidate.isTrial ? 1 : 0,
    -(candidate.currentPeriodEnd?.getTime() ?? Number.MAX_SAFE_INTEGER),
    -candidate.updatedAt.getTime(),
  ];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The subscription that gives the most access now; paid beats trial; later end beats earlier. */
export function pickEffectiveSubscription<T extends SubscriptionCandidate>(
  candidates: T[],
  now: Date,
): T | null {
  let best: T | null = null;
  let bestRank: number[] = [];
  for (const candidate of candidates) {
    const rank = rankOf(candidate, now);
    if (!best || compareRanks(rank, bestRank) < 0) {
      best = candidate;
      bestRank = rank;
    }
  }
  return best;
}
