import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import type { SnoozeInput, UndoableContact } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { splitUndo, storeContact } from "./contacts-cache";

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
    mutationFn: (input: SnoozeInput | null) => snoozeContact(contactId, input),
    onSuccess: ({ contact }) => storeContact(queryClient, contact),
  });
}
