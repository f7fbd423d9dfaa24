import { useQuery } from "@tanstack/react-query";
import type { ApiToken } from "../../../../core/api-tokens";
import { apiFetch } from "../../../lib/api-client";

export const API_TOKENS_KEY = ["api-tokens"] as const;

// The person's personal access tokens, without their secrets.
export function listApiTokens(): Promise<ApiToken[]> {
  return apiFetch<{ items: ApiToken[] }>("/api/tokens").then((answer) => answer.items);
}

export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_KEY, queryFn: listApiTokens });
}
