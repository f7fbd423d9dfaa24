// The client's subscription-status reads (spec 01 §4, §9): up to 3 reads with waits of
// 1 s × the attempt number, unknown when all fail, and a cached answer whose lifetime depends on
// what it says (5 min; 30 s for unknown; 2.5 min when active within grace). The cache is
// TanStack Query's own: one query per user, its staleTime computed from the answer (decision
// 130). The three reads stay inside the query function: "unknown" after three failures is an
// answer the spec caches for 30 s, and TanStack Query keeps no freshness for an error state.
import { isCancelledError, type QueryClient } from "@tanstack/react-query";
import { repeatUntil } from "../retry";
import { STATUS_READ_ATTEMPTS, STATUS_READ_BACKOFF_MS } from "../../../core/constants";
import {
  cacheTtlFor,
  computeSubscriptionStatus,
  UNKNOWN_STATUS,
  type BillingStatusRow,
  type StatusResult,
} from "../../../core/subscription";

/** One read of the user's billing_status row; `serverNow` is the server's clock at the read. */
export type StatusRead = { row: BillingStatusRow | null; serverNow?: Date | string };

export type StatusSnapshot = {
  result: StatusResult;
  row: BillingStatusRow | null;
  attempts: number;
  error: string | null;
};

/** A cached answer with the user it belongs to and when it was stored (for the debug page). */
export type StatusCacheEntry = StatusSnapshot & { userId: string; storedAt: number };

export type StatusReaderDeps = {
  fetchStatus: () => Promise<StatusRead>;
  sleep?: (ms: number) => Promise<void>;
  now: () => number;
};

export const SUBSCRIPTION_STATUS_QUERY_KEY = ["subscription-status"] as const;

export function statusReadDelayMs(attempt: number): number {
  return STATUS_READ_BACKOFF_MS * attempt;
}

export async function readSubscriptionStatus(deps: StatusReaderDeps): Promise<StatusSnapshot> {
  const { value, attempts } = await repeatUntil(
    () =>
      deps.fetchStatus().then(
        (read) => ({ read, error: null }),
        (caught: unknown) => ({
          read: null,
          error: caught instanceof Error ? caught.message : String(caught),
        }),
      ),
    (answer) => answer.read !== null,
    { attempts: STATUS_READ_ATTEMPTS, delayMs: statusReadDelayMs, sleep: deps.sleep },
  );
  if (!value.read) return { result: UNKNOWN_STATUS, row: null, attempts, error: value.error ?? "" };
  const { row, serverNow } = value.read;
  // The server's clock decides, so a wrong device clock neither grants nor takes access.
  const now = serverNow ? new Date(serverNow) : new Date(deps.now());
  return { result: computeSubscriptionStatus(row, now), row, attempts, error: null };
}

export function isCacheEntryFresh(entry: StatusCacheEntry, nowMs: number): boolean {
  return nowMs - entry.storedAt < cacheTtlFor(entry.result);
}

/** How long an answer stays fresh: the spec's lifetime for what it says. */
export function statusStaleTime(query: { state: { data?: StatusSnapshot } }): number {
  const snapshot = query.state.data;
  return snapshot ? cacheTtlFor(snapshot.result) : 0;
}

export function subscriptionStatusKey(userId: string) {
  return [...SUBSCRIPTION_STATUS_QUERY_KEY, userId] as const;
}

/**
 * The query for one user's status. Reading it through `fetchQuery` (on each path change) answers
 * from the cache while the answer is fresh and reads again once it is not; concurrent asks
 * share one read.
 */
export function subscriptionStatusQuery(userId: string, deps: StatusReaderDeps) {
  return {
    queryKey: subscriptionStatusKey(userId),
    queryFn: () => readSubscriptionStatus(deps),
    staleTime: statusStaleTime,
    retry: false,
  };
}

/**
 * Asks for one user's status through the cache (the gate, on each path change); null when the
 * read was dropped before it answered. The session changed meanwhile (the device's copy opened
 * for someone the server then did not name): that user's status leaves the cache, which cancels
 * the read, and nobody is waiting for its answer.
 */
export async function revalidateSubscriptionStatus(
  queryClient: QueryClient,
  userId: string,
  deps: StatusReaderDeps,
): Promise<StatusSnapshot | null> {
  try {
    return await queryClient.fetchQuery(subscriptionStatusQuery(userId, deps));
  } catch (error) {
    if (isCancelledError(error)) return null;
    throw error;
  }
}

/** The cached answer for this user whatever its age, or null. */
export function peekSubscriptionStatus(
  queryClient: QueryClient,
  userId: string,
): StatusCacheEntry | null {
  const state = queryClient.getQueryState<StatusSnapshot>(subscriptionStatusKey(userId));
  return state?.data ? { ...state.data, userId, storedAt: state.dataUpdatedAt } : null;
}

/** Spec 01 §4: the cache is cleared when the session changes. Keeps only `userId`'s answer. */
export function forgetOtherUsersStatus(queryClient: QueryClient, userId: string | null): void {
  queryClient.removeQueries({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== userId,
  });
}
