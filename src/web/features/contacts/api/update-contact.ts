import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactFormValues } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";

export function updateContact(id: string, patch: Partial<ContactFormValues>): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
  });
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<ContactFormValues>) => updateContact(id, patch),
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
