import type { QueryClient } from "@tanstack/react-query";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { REPLIES_KEY } from "./replies-key";

/**
 * After Accept, Dismiss or Undo: the reply list (the action's status, the bell's count) is read
 * again and, when a contact may have changed (Accept, Undo), every cached contact view too.
 */
export async function refreshAfterAction(
  queryClient: QueryClient,
  options: { hasContactChanged: boolean },
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: REPLIES_KEY }),
    options.hasContactChanged ? queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }) : null,
  ]);
}

export function actionPath(actionId: string, verb: "accept" | "dismiss" | "undo"): string {
  return `/api/replies/actions/${encodeURIComponent(actionId)}/${verb}`;
}
