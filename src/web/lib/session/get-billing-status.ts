import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { BillingStatusResponse } from "../../../core/billing";
import type { StatusRead } from "./subscription-cache";
import { apiFetch } from "../api-client";

export const BILLING_STATUS_QUERY_KEY = ["billing-status"] as const;

/**
 * A billing-status answer this recent (and not invalidated since) is reused by the subscription
 * rules' first read: the one the app start or the sign-in started beside /api/me.
 */
export const BILLING_STATUS_REUSE_MS = 5_000;

export function getBillingStatus(): Promise<BillingStatusResponse> {
  return apiFetch<BillingStatusResponse>("/api/billing/status");
}

/** Starts the billing-status read (or joins the one under way) without waiting for it. */
export function preloadBillingStatus(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    queryKey: BILLING_STATUS_QUERY_KEY,
    queryFn: getBillingStatus,
    staleTime: BILLING_STATUS_REUSE_MS,
    retry: false,
  });
}

/**
 * One read of billing_status, as the subscription-status rules take it: a read already under
 * way, or finished in the last few seconds, is used instead of a new one.
 */
export async function readStatusRow(
  queryClient: QueryClient,
): Promise<StatusRead & { response: BillingStatusResponse }> {
  const response = await queryClient.fetchQuery({
    queryKey: BILLING_STATUS_QUERY_KEY,
    queryFn: getBillingStatus,
    staleTime: BILLING_STATUS_REUSE_MS,
    retry: false,
  });
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
