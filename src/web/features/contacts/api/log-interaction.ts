import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InteractionInput, LogInteractionResult } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey, storeContact } from "./contacts-cache";

export function logInteraction(
  contactId: string,
  input: InteractionInput = {},
): Promise<LogInteractionResult> {
  return apiFetch<LogInteractionResult>(
    `/api/contacts/${encodeURIComponent(contactId)}/interactions`,
    { method: "POST", body: input },
  );
}

// No retry: a lost answer must not log the same contact twice.
export function useLogInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { contactId: string; input?: InteractionInput }) =>
      logInteraction(vars.contactId, vars.input),
    retry: false,
    onSuccess: async (result) => {
      storeContact(queryClient, result.contact);
      await queryClient.invalidateQueries({ queryKey: interactionsKey(result.contact.id) });
    },
  });
}
