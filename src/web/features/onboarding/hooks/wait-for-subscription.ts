import {
  ONBOARDING_SUBSCRIPTION_BACKOFF_MS,
  ONBOARDING_SUBSCRIPTION_CHECKS,
} from "../../../../core/constants";
import type { SubscriptionStatus } from "../../../../core/subscription";

export type WaitDeps = {
  check: () => Promise<SubscriptionStatus>;
  sleep: (ms: number) => Promise<void>;
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// After onboarding: up to 5 checks, waiting 1 s, 2 s, 3 s … between them (spec 01 §9). Stops at
// the first active answer; unknown (a failed read) also stops, as access is then allowed.
export async function waitForSubscription(deps: WaitDeps): Promise<SubscriptionStatus> {
  let status: SubscriptionStatus = "none";
  for (let attempt = 1; attempt <= ONBOARDING_SUBSCRIPTION_CHECKS; attempt++) {
    status = await deps.check();
    if (status !== "none") return status;
    if (attempt < ONBOARDING_SUBSCRIPTION_CHECKS)
      await deps.sleep(attempt * ONBOARDING_SUBSCRIPTION_BACKOFF_MS);
  }
  return status;
}
