import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";

export function archiveContact(input: { id: string; isArchived: boolean }): Promise<Contact> {
  const action = input.isArchived ? "archive" : "unarchive";
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(input.id)}/${action}`, {
    method: "POST",
  });
}

export function useArchiveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveContact,
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
