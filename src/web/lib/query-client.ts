import { QueryClient } from "@tanstack/react-query";
import { MUTATION_RETRY, QUERY_RETRY, QUERY_STALE_TIME_MS } from "../../core/constants";
import { ApiRequestError } from "./api-client";

// The spec's query defaults: retry 2, stale time 30 s, no refetch on focus, mutation retry 1.
// A 4xx will not change on retry, so it is not retried.
export function createQueryClient(): QueryClient {
  const shouldRetry = (max: number) => (failureCount: number, error: unknown) =>
    !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
    failureCount < max;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry(QUERY_RETRY),
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: shouldRetry(MUTATION_RETRY) },
    },
  });
}
