// The client's subscription status (spec 01 §4, §9): the pure rules and cache of
// core/subscription-cache, kept once for the whole app and cleared when the session changes.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  createSubscriptionStatusCache,
  getSubscriptionStatus,
  type StatusCacheEntry,
} from "./subscription-cache";
import { sleep } from "../utils";
import { BILLING_STATUS_QUERY_KEY, readStatusRow } from "./get-billing-status";

export const subscriptionStatusCache = createSubscriptionStatusCache();

export const SUBSCRIPTION_STATUS_QUERY_KEY = ["subscription-status"] as const;

export function loadSubscriptionStatus(userId: string, force = false): Promise<StatusCacheEntry> {
  return getSubscriptionStatus({
    cache: subscriptionStatusCache,
    userId,
    force,
    fetchStatus: readStatusRow,
    sleep,
    now: Date.now,
  });
}

function subscriptionStatusQuery(userId: string) {
  return {
    queryKey: [...SUBSCRIPTION_STATUS_QUERY_KEY, userId],
    queryFn: () => loadSubscriptionStatus(userId),
  };
}

/** The status for the signed-in user; `status` is null while it is being read. */
export function useSubscriptionStatus(userId: string | null) {
  const query = useQuery({
    ...subscriptionStatusQuery(userId ?? ""),
    enabled: userId !== null,
  });
  return {
    status: query.data ? query.data.result.status : null,
    entry: query.data ?? null,
    isLoading: userId !== null && query.isPending,
  };
}

/** After a payment, a cancel or a 402: forget what we knew and read again. */
export function useRefreshSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    subscriptionStatusCache.clear();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: BILLING_STATUS_QUERY_KEY }),
    ]);
  }, [queryClient]);
}

/**
 * Asks again on a path change (spec 02 §4: gating runs after each path change). The core cache
 * decides: a fresh entry answers at once with no request; an expired one (5 min, 30 s for an
 * error, 2.5 min within grace) is read again. Concurrent asks share one read.
 */
export function useRevalidateSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string) =>
      queryClient.fetchQuery({ ...subscriptionStatusQuery(userId), staleTime: 0 }),
    [queryClient],
  );
}
