import { useQuery } from "@tanstack/react-query";
import type { LocalCheckoutSession, LocalPaymentBody } from "../../../../core/test-card";
import { apiFetch } from "../../../lib/api-client";

export function getLocalCheckout(sessionId: string): Promise<LocalCheckoutSession> {
  return apiFetch<LocalCheckoutSession>(
    `/api/billing/local/sessions/${encodeURIComponent(sessionId)}`,
  );
}

export function useLocalCheckout(sessionId: string | null) {
  return useQuery({
    queryKey: ["local-checkout", sessionId],
    queryFn: () => getLocalCheckout(sessionId as string),
    enabled: sessionId !== null,
  });
}

export function payLocalCheckout(
  sessionId: string,
  body: LocalPaymentBody,
): Promise<{ redirectUrl: string }> {
  return apiFetch(`/api/billing/local/sessions/${encodeURIComponent(sessionId)}/pay`, {
    method: "POST",
    body,
  });
}
