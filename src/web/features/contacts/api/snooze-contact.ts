import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import type { SnoozeInput, UndoableContact } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { splitUndo, storeContact } from "./contacts-cache";
import { changeContact, snoozedOffline } from "./offline-changes";

/** Snoozes (with an input; undoable) or ends the snooze (null). */
export async function snoozeContact(
  contactId: string,
  input: SnoozeInput | null,
): Promise<{ contact: Contact; undoId: string | null }> {
  const answer = await apiFetch<Contact | UndoableContact>(
    `/api/contacts/${encodeURIComponent(contactId)}/snooze`,
    { method: input ? "POST" : "DELETE", body: input ?? undefined },
  );
  return splitUndo(answer);
}

export function useSnoozeContact(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: sendOrQueue keeps the change for later.
    networkMode: "always",
    // A snooze made offline waits in the queue; ending one needs the network.
    mutationFn: async (input: SnoozeInput | null) =>
      input
        ? splitUndo(
            await changeContact(
              queryClient,
              {
                method: "POST",
                url: `/api/contacts/${encodeURIComponent(contactId)}/snooze`,
                body: input,
                contactId,
                verb: "Snooze",
              },
              (contact) => snoozedOffline(queryClient, contact, input),
            ),
          )
        : snoozeContact(contactId, null),
    onSuccess: ({ contact }) => storeContact(queryClient, contact),
  });
}
