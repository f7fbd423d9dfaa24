import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GroupRhythmInput, GroupRhythmResult } from "../../../../core/group-rhythm-schema";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";

/** With `preview: true`, counts who would change and writes nothing. */
export function setGroupRhythm(
  input: GroupRhythmInput & { tag: string },
): Promise<GroupRhythmResult> {
  const { tag, ...body } = input;
  return apiFetch<GroupRhythmResult>(`/api/tags/${encodeURIComponent(tag)}`, {
    method: "PUT",
    body,
  });
}

export function useSetGroupRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupRhythm,
    // The list, each follower and the tags' counts.
    onSuccess: (_result, input) =>
      input.preview ? undefined : queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}
