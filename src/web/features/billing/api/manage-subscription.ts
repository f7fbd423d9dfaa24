import { useMutation } from "@tanstack/react-query";
import type { BillingStatusResponse } from "../../../../core/billing";
import { apiFetch } from "../../../lib/api-client";
import { useRefreshSubscriptionStatus } from "../../../lib/session/use-subscription-status";

export function setCancelAtPeriodEnd(cancel: boolean): Promise<BillingStatusResponse> {
  return apiFetch<BillingStatusResponse>(
    `/api/billing/subscription/${cancel ? "cancel" : "resume"}`,
    { method: "POST" },
  );
}

export function useSetCancelAtPeriodEnd() {
  const refresh = useRefreshSubscriptionStatus();
  return useMutation({ mutationFn: setCancelAtPeriodEnd, onSuccess: refresh });
}

export async function openBillingPortal(): Promise<void> {
  const { url } = await apiFetch<{ url: string }>("/api/billing/portal", { method: "POST" });
  window.location.assign(url);
}
