import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiToken } from "../../../../core/api-tokens";
import { apiFetch } from "../../../lib/api-client";
import { API_TOKENS_KEY } from "./list-api-tokens";

// Revokes a token: whatever uses it is refused from the next request on.
export function revokeApiToken(id: string): Promise<void> {
  return apiFetch<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ApiToken[]>(API_TOKENS_KEY, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
