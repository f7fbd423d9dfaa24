import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcceptReplyAction, ReplyAction } from "../../../../core/replies";
import { apiFetch } from "../../../lib/api-client";
import { storeReplyAction } from "./list-replies";
import { actionPath, refreshAfterAction } from "./refresh-after-action";

/** Applies a suggestion as it is, or with another contact or other details (Edit). */
export function acceptReplyAction(actionId: string, input: AcceptReplyAction = {}) {
  return apiFetch<ReplyAction>(actionPath(actionId, "accept"), { method: "POST", body: input });
}

export function useAcceptReplyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { actionId: string; input?: AcceptReplyAction }) =>
      acceptReplyAction(vars.actionId, vars.input),
    // Never twice: a second Accept after a lost answer would only be refused as handled.
    retry: false,
    onSuccess: (action) => storeReplyAction(queryClient, action),
    onSettled: () => refreshAfterAction(queryClient, { hasContactChanged: true }),
  });
}
