import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactEdit } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";
import { changeContact, describeEdit, editedOffline } from "./offline-changes";

export function updateContact(id: string, patch: ContactEdit): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
  });
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: sendOrQueue keeps the change for later.
    networkMode: "always",
    mutationFn: (patch: ContactEdit) =>
      changeContact(
        queryClient,
        {
          method: "PATCH",
          url: `/api/contacts/${encodeURIComponent(id)}`,
          body: patch,
          contactId: id,
          verb: "Edit",
          summary: describeEdit(patch),
        },
        (contact) => editedOffline(contact, patch),
      ),
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
