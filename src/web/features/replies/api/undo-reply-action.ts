import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReplyAction } from "../../../../core/replies";
import { apiFetch } from "../../../lib/api-client";
import { storeReplyAction } from "./list-replies";
import { actionPath, refreshAfterAction } from "./refresh-after-action";

/** Reverts an action the assistant applied (or one accepted here), while it can be undone. */
export function undoReplyAction(actionId: string) {
  return apiFetch<ReplyAction>(actionPath(actionId, "undo"), { method: "POST", body: {} });
}

export function useUndoReplyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoReplyAction,
    // Never twice: a second attempt after a lost answer would only say "already undone".
    retry: false,
    onSuccess: (action) => storeReplyAction(queryClient, action),
    onSettled: () => refreshAfterAction(queryClient, { hasContactChanged: true }),
  });
}
