import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenCreate } from "../../../../core/api-tokens";
import { apiFetch } from "../../../lib/api-client";
import { API_TOKENS_KEY } from "./list-api-tokens";

// Makes a token; the answer holds the token itself, which is never shown again.
export function createApiToken(input: ApiTokenCreate): Promise<{ id: string; token: string }> {
  return apiFetch("/api/tokens", { method: "POST", body: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    // A second try after a lost answer would make a second token the person never saw.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
