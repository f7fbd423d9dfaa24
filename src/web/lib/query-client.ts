import { QueryClient } from "@tanstack/react-query";
import {
  MUTATION_RETRY,
  PERSISTED_CACHE_MAX_AGE_MS,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
} from "../../core/constants";
import { ApiRequestError } from "./api-client";

// The spec's query defaults: retry 2, stale time 30 s, no refetch on focus, mutation retry 1.
// A 4xx will not change on retry, so it is not retried. An answer stays in memory while the
// device's copy may keep it (persisted-query-cache.ts): a page read once is in every copy saved
// after it, not only in those saved within five minutes.
export function createQueryClient(): QueryClient {
  const shouldRetry = (max: number) => (failureCount: number, error: unknown) =>
    !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
    failureCount < max;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry(QUERY_RETRY),
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: PERSISTED_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: shouldRetry(MUTATION_RETRY) },
    },
  });
}
