import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { LogInteractionResult, LogTogetherInput } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey, storeContact } from "./contacts-cache";
import { changeContact, loggedOffline } from "./offline-changes";

export function logInteraction(
  contactId: string,
  input: LogTogetherInput = {},
): Promise<LogInteractionResult> {
  return apiFetch<LogInteractionResult>(
    `/api/contacts/${encodeURIComponent(contactId)}/interactions`,
    { method: "POST", body: input },
  );
}

// No retry: a lost answer must not log the same contact twice.
// The options are made once per client: useMutation hands new options to its observer after
// every render, which tells the whole mutation cache, and each row of the contact list has a
// Log button that renders again on every keystroke in the search.
export function useLogInteraction() {
  const queryClient = useQueryClient();
  const options = useMemo(
    () => ({
      // Offline (networkMode "always": not paused), the log waits in the queue and the contact
      // shows it at once.
      mutationFn: (vars: { contactId: string; input?: LogTogetherInput }) =>
        changeContact(
          queryClient,
          {
            method: "POST",
            url: `/api/contacts/${encodeURIComponent(vars.contactId)}/interactions`,
            body: vars.input ?? {},
            contactId: vars.contactId,
            verb: "Log contact with",
          },
          (contact) => loggedOffline(queryClient, contact, vars.input),
        ),
      retry: false as const,
      networkMode: "always" as const,
      onSuccess: async (result: LogInteractionResult) => {
        storeContact(queryClient, result.contact);
        for (const other of result.others ?? []) {
          storeContact(queryClient, other);
          await queryClient.invalidateQueries({ queryKey: interactionsKey(other.id) });
        }
        await queryClient.invalidateQueries({ queryKey: interactionsKey(result.contact.id) });
      },
    }),
    [queryClient],
  );
  return useMutation(options);
}
