import type { BillingStatusResponse } from "../../../../core/billing";
import type { SubscriptionStatus } from "../../../../core/subscription";
import { apiFetch } from "../../../lib/api-client";

// One read of the subscription status; a failed read (or no billing endpoint) counts as
// unknown, which lets the user through (spec 01 §4).
export async function checkSubscription(): Promise<SubscriptionStatus> {
  try {
    const response = await apiFetch<BillingStatusResponse>("/api/billing/status");
    return response.status;
  } catch {
    return "unknown";
  }
}
