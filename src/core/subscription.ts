// Subscription status as spec 01 §4 defines it: active / none / unknown, with a 24 h grace
// after the period ends, and how long each answer may be cached (spec 01 §9). Pure; the clock
// is passed in. Cancel-at-period-end: docs/decisions/040-cancel-at-period-end.md.
import {
  GRACE_PERIOD_MS,
  SUBSCRIPTION_CACHE_MS,
  SUBSCRIPTION_ERROR_CACHE_MS,
  SUBSCRIPTION_GRACE_CACHE_MS,
} from "./constants";

export type SubscriptionStatus = "active" | "none" | "unknown";

export type BillingStatusRow = {
  subscriptionStatus: string;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
};

export type StatusResult = { status: SubscriptionStatus; isWithinGrace: boolean };

export const UNKNOWN_STATUS: StatusResult = { status: "unknown", isWithinGrace: false };
const NONE: StatusResult = { status: "none", isWithinGrace: false };
const ACTIVE: StatusResult = { status: "active", isWithinGrace: false };

function readTime(value: Date | string | null): number | null | "invalid" {
  if (value === null) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? "invalid" : time;
}

export function computeSubscriptionStatus(
  row: BillingStatusRow | null | undefined,
  now: Date,
): StatusResult {
  if (!row) return NONE;
  if (row.subscriptionStatus !== "active") return NONE;
  const end = readTime(row.currentPeriodEnd);
  // A period end we cannot read is a data error, like a failed read: unknown.
  if (end === "invalid") return UNKNOWN_STATUS;
  const at = now.getTime();
  if (row.cancelAtPeriodEnd) {
    // The user chose to stop: the paid period is honoured to its end, with no grace after it
    // (the grace covers a renewal that is late, and no renewal is coming).
    return end !== null && at <= end ? ACTIVE : NONE;
  }
  if (end === null || at <= end) return ACTIVE;
  if (at <= end + GRACE_PERIOD_MS) return { status: "active", isWithinGrace: true };
  return NONE;
}

/** Only active counts as having a subscription (unknown is let through by the callers). */
export function hasSubscription(result: StatusResult): boolean {
  return result.status === "active";
}

/** Access is allowed for active, and for unknown as a fallback (spec 01 §4). */
export function isAccessAllowed(result: StatusResult): boolean {
  return result.status !== "none";
}

// The payment polling additionally accepts these raw provider statuses (spec 01 §4).
export const PAYMENT_CONFIRMED_STATUSES = ["active", "trialing", "past_due"] as const;

export function isPaymentConfirmed(subscriptionStatus: string | null | undefined): boolean {
  return (PAYMENT_CONFIRMED_STATUSES as readonly string[]).includes(subscriptionStatus ?? "");
}

export function cacheTtlFor(result: StatusResult): number {
  if (result.status === "unknown") return SUBSCRIPTION_ERROR_CACHE_MS;
  if (result.isWithinGrace) return SUBSCRIPTION_GRACE_CACHE_MS;
  return SUBSCRIPTION_CACHE_MS;
}
