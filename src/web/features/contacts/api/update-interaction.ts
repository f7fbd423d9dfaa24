import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InteractionPatch, InteractionResult } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey, storeContact } from "./contacts-cache";

export function updateInteraction(
  ids: { contactId: string; interactionId: string },
  patch: InteractionPatch,
): Promise<InteractionResult> {
  return apiFetch<InteractionResult>(
    `/api/contacts/${encodeURIComponent(ids.contactId)}/interactions/${encodeURIComponent(ids.interactionId)}`,
    { method: "PATCH", body: patch },
  );
}

export function useUpdateInteraction(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { interactionId: string; patch: InteractionPatch }) =>
      updateInteraction({ contactId, interactionId: vars.interactionId }, vars.patch),
    onSuccess: async (result) => {
      storeContact(queryClient, result.contact);
      await queryClient.invalidateQueries({ queryKey: interactionsKey(contactId) });
    },
  });
}
