import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me, MeUpdate } from "../../../core/account";
import { apiFetch } from "../api-client";
import { ME_QUERY_KEY } from "./get-me";

export function updateMe(input: MeUpdate): Promise<Me> {
  return apiFetch<Me>("/api/me", { method: "PATCH", body: input });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
