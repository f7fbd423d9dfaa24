import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReplyAction } from "../../../../core/replies";
import { apiFetch } from "../../../lib/api-client";
import { storeReplyAction } from "./list-replies";
import { actionPath, refreshAfterAction } from "./refresh-after-action";

/** Drops a suggestion: nothing changes on the contact. */
export function dismissReplyAction(actionId: string) {
  return apiFetch<ReplyAction>(actionPath(actionId, "dismiss"), { method: "POST", body: {} });
}

export function useDismissReplyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReplyAction,
    onSuccess: (action) => storeReplyAction(queryClient, action),
    onSettled: () => refreshAfterAction(queryClient, { hasContactChanged: false }),
  });
}
