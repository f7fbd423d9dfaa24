// Subscription status as spec 01 §4 defines it: active / none / unknown, with a 24 h grace
// after the period ends. Pure; the clock is passed in.
import { GRACE_PERIOD_MS } from "./constants";

export type SubscriptionStatus = "active" | "none" | "unknown";

export type BillingStatusRow = {
  subscriptionStatus: string;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
};

export type StatusResult = { status: SubscriptionStatus; isWithinGrace: boolean };

export function computeSubscriptionStatus(
  row: BillingStatusRow | null | undefined,
  now: Date,
): StatusResult {
  if (!row) return { status: "none", isWithinGrace: false };
  if (row.subscriptionStatus !== "active") return { status: "none", isWithinGrace: false };
  const end = row.currentPeriodEnd ? new Date(row.currentPeriodEnd).getTime() : null;
  if (end === null || now.getTime() <= end) {
    // Set to cancel at period end: still active until the period is over.
    return {
      status: row.cancelAtPeriodEnd && end === null ? "none" : "active",
      isWithinGrace: false,
    };
  }
  if (now.getTime() <= end + GRACE_PERIOD_MS) return { status: "active", isWithinGrace: true };
  return { status: "none", isWithinGrace: false };
}
