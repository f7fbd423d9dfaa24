// The client's subscription status (spec 01 §4, §9): the rules of subscription-cache.ts, cached
// in the app's query client, one answer per user, the others forgotten when the session changes.
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  peekSubscriptionStatus,
  revalidateSubscriptionStatus,
  SUBSCRIPTION_STATUS_QUERY_KEY,
  subscriptionStatusQuery,
  type StatusCacheEntry,
} from "./subscription-cache";
import { BILLING_STATUS_QUERY_KEY, readStatusRow } from "./get-billing-status";

export { SUBSCRIPTION_STATUS_QUERY_KEY };

function statusReader(queryClient: QueryClient) {
  return { fetchStatus: () => readStatusRow(queryClient), now: Date.now };
}

function statusQuery(queryClient: QueryClient, userId: string) {
  return subscriptionStatusQuery(userId, statusReader(queryClient));
}

/** Reads the user's status into the cache (an answer still fresh there is used as it is). */
export function fetchSubscriptionStatus(queryClient: QueryClient, userId: string) {
  return queryClient.fetchQuery(statusQuery(queryClient, userId));
}

/** The status for the signed-in user; `status` is null while it is being read. */
export function useSubscriptionStatus(userId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...statusQuery(queryClient, userId ?? ""), enabled: userId !== null });
  const entry: StatusCacheEntry | null =
    userId && query.data ? { ...query.data, userId, storedAt: query.dataUpdatedAt } : null;
  return {
    status: entry ? entry.result.status : null,
    entry,
    isLoading: userId !== null && query.isPending,
  };
}

/** The cached answer for this user whatever its age (debug page). */
export function usePeekSubscriptionStatus(userId: string | null): StatusCacheEntry | null {
  const queryClient = useQueryClient();
  return userId ? peekSubscriptionStatus(queryClient, userId) : null;
}

/** After a payment, a cancel or a 402: forget what we knew and read again. */
export function useRefreshSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The billing read first: the status read that follows must not reuse its old answer.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: BILLING_STATUS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
    ]);
  }, [queryClient]);
}

/**
 * Asks again on a path change (spec 02 §4: gating runs after each path change): a fresh answer
 * comes from the cache with no request; one past its lifetime (5 min, 30 s for an error,
 * 2.5 min within grace) is read again. Concurrent asks share one read; one dropped because the
 * session changed meanwhile answers null.
 */
export function useRevalidateSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string) =>
      revalidateSubscriptionStatus(queryClient, userId, statusReader(queryClient)),
    [queryClient],
  );
}
