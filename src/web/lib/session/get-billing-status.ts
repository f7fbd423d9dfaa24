import { useQuery } from "@tanstack/react-query";
import type { BillingStatusResponse } from "../../../core/billing";
import type { StatusRead } from "./subscription-cache";
import { apiFetch } from "../api-client";

export const BILLING_STATUS_QUERY_KEY = ["billing-status"] as const;

export function getBillingStatus(): Promise<BillingStatusResponse> {
  return apiFetch<BillingStatusResponse>("/api/billing/status");
}

/** One read of billing_status, as the subscription-status rules take it. */
export async function readStatusRow(): Promise<StatusRead & { response: BillingStatusResponse }> {
  const response = await getBillingStatus();
  return { row: response.billingStatus, serverNow: response.serverNow, response };
}

/** The full status with the rows behind it (settings, debug page). */
export function useBillingStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: BILLING_STATUS_QUERY_KEY,
    queryFn: getBillingStatus,
    enabled: options.enabled ?? true,
  });
}
