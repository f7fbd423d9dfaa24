import type { LinkResponse } from "../../../../core/billing";
import { apiFetch } from "../../../lib/api-client";

/** Links a paid checkout session to the signed-in user (link-stripe-subscription). */
export function linkSubscription(sessionId: string): Promise<LinkResponse> {
  return apiFetch<LinkResponse>("/api/billing/link", { method: "POST", body: { sessionId } });
}

/** Links the session when given, otherwise grants the trial (create-onboarding-subscription). */
export function createOnboardingSubscription(sessionId?: string | null): Promise<LinkResponse> {
  return apiFetch<LinkResponse>("/api/billing/onboarding-subscription", {
    method: "POST",
    body: sessionId ? { sessionId } : {},
  });
}
