import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkRhythmInput } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";

export function assignRhythm(input: BulkRhythmInput): Promise<{ updated: number }> {
  return apiFetch<{ updated: number }>("/api/contacts/bulk/rhythm", {
    method: "POST",
    body: input,
  });
}

export function useAssignRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRhythm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}
