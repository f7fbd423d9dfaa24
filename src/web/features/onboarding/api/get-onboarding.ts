import { useQuery } from "@tanstack/react-query";
import type { OnboardingState } from "../../../../core/onboarding";
import { apiFetch } from "../../../lib/api-client";

export const ONBOARDING_QUERY_KEY = ["onboarding"] as const;

// The saved names, reminder preferences and phone, to prefill the steps.
export function getOnboarding(): Promise<OnboardingState> {
  return apiFetch<OnboardingState>("/api/onboarding");
}

export function useOnboarding(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ONBOARDING_QUERY_KEY,
    queryFn: getOnboarding,
    enabled: options.enabled ?? true,
  });
}
