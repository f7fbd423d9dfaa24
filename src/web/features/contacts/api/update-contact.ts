import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactEdit } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";

export function updateContact(id: string, patch: ContactEdit): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
  });
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ContactEdit) => updateContact(id, patch),
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
