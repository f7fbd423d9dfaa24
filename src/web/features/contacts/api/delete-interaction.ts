import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InteractionResult } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey, storeContact } from "./contacts-cache";

export function deleteInteraction(ids: {
  contactId: string;
  interactionId: string;
}): Promise<InteractionResult> {
  return apiFetch<InteractionResult>(
    `/api/contacts/${encodeURIComponent(ids.contactId)}/interactions/${encodeURIComponent(ids.interactionId)}`,
    { method: "DELETE" },
  );
}

export function useDeleteInteraction(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interactionId: string) => deleteInteraction({ contactId, interactionId }),
    onSuccess: async (result) => {
      storeContact(queryClient, result.contact);
      await queryClient.invalidateQueries({ queryKey: interactionsKey(contactId) });
    },
  });
}
