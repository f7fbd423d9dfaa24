import { useQuery } from "@tanstack/react-query";
import type { CheckoutSummary } from "../../../../core/billing";
import { apiFetch } from "../../../lib/api-client";

export function getCheckoutSummary(sessionId: string): Promise<CheckoutSummary> {
  return apiFetch<CheckoutSummary>(`/api/billing/checkout/${encodeURIComponent(sessionId)}`);
}

/** The email paid with, for the account-creation form; it may arrive after the form renders. */
export function useCheckoutSummary(sessionId: string | null) {
  return useQuery({
    queryKey: ["billing", "checkout-summary", sessionId],
    queryFn: () => getCheckoutSummary(sessionId as string),
    enabled: sessionId !== null,
    retry: false,
  });
}
