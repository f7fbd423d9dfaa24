import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import type { SnoozeInput } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";

/** Snoozes (with an input) or ends the snooze (null). */
export function snoozeContact(contactId: string, input: SnoozeInput | null): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(contactId)}/snooze`, {
    method: input ? "POST" : "DELETE",
    body: input ?? undefined,
  });
}

export function useSnoozeContact(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SnoozeInput | null) => snoozeContact(contactId, input),
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
