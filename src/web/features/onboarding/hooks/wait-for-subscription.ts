import {
  ONBOARDING_SUBSCRIPTION_BACKOFF_MS,
  ONBOARDING_SUBSCRIPTION_CHECKS,
} from "../../../../core/constants";
import type { SubscriptionStatus } from "../../../../core/subscription";
import { linear, repeatUntil } from "../../../lib/retry";

export type WaitDeps = {
  check: () => Promise<SubscriptionStatus>;
  sleep: (ms: number) => Promise<void>;
};

// After onboarding: up to 5 checks, waiting 1 s, 2 s, 3 s … between them (spec 01 §9). Stops at
// the first active answer; unknown (a failed read) also stops, as access is then allowed.
export async function waitForSubscription(deps: WaitDeps): Promise<SubscriptionStatus> {
  const { value } = await repeatUntil(deps.check, (status) => status !== "none", {
    attempts: ONBOARDING_SUBSCRIPTION_CHECKS,
    delayMs: linear(ONBOARDING_SUBSCRIPTION_BACKOFF_MS),
    sleep: deps.sleep,
  });
  return value;
}
