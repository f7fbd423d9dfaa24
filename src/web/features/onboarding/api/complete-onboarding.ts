import { useMutation } from "@tanstack/react-query";
import type {
  OnboardingCompleteInput,
  OnboardingCompleteResult,
} from "../../../../core/onboarding";
import { apiFetch } from "../../../lib/api-client";

// Saves names, preferences and phone in one transaction and creates the active reminder.
export function completeOnboarding(
  input: OnboardingCompleteInput,
): Promise<OnboardingCompleteResult> {
  return apiFetch<OnboardingCompleteResult>("/api/onboarding/complete", {
    method: "POST",
    body: input,
  });
}

// No retry: a second attempt after a timeout could send a second SMS code.
export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding, retry: false });
}
