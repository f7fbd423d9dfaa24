import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { refreshHouseholds } from "./households-cache";

export function deleteHousehold(id: string): Promise<void> {
  return apiFetch<void>(`/api/households/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHousehold,
    onSuccess: () => refreshHouseholds(queryClient),
  });
}
