import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InteractionPatch, InteractionResult } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey, storeContact } from "./contacts-cache";
import { changeContact, describeEdit, noteEditedOffline } from "./offline-changes";

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
    // Runs offline too: sendOrQueue keeps the change for later.
    networkMode: "always",
    mutationFn: (vars: { interactionId: string; patch: InteractionPatch }) =>
      changeContact(
        queryClient,
        {
          method: "PATCH",
          url: `/api/contacts/${encodeURIComponent(contactId)}/interactions/${encodeURIComponent(vars.interactionId)}`,
          body: vars.patch,
          contactId,
          verb: "Edit a note about",
          summary: describeEdit(vars.patch),
        },
        (contact) => noteEditedOffline(queryClient, contact, vars.interactionId, vars.patch),
      ),
    onSuccess: async (result) => {
      storeContact(queryClient, result.contact);
      await queryClient.invalidateQueries({ queryKey: interactionsKey(contactId) });
    },
  });
}
