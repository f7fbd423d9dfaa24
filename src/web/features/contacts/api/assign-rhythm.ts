import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkRhythmInput, BulkRhythmResult } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";

/** With `preview: true`, counts what would change and writes nothing. */
export function assignRhythm(input: BulkRhythmInput): Promise<BulkRhythmResult> {
  return apiFetch<BulkRhythmResult>("/api/contacts/bulk/rhythm", {
    method: "POST",
    body: input,
  });
}

export function useAssignRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRhythm,
    onSuccess: (result, input) =>
      input.preview ? undefined : queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}
