import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactCreateFormValues } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { storeContact } from "./contacts-cache";

export function createContact(input: ContactCreateFormValues): Promise<Contact> {
  return apiFetch<Contact>("/api/contacts", { method: "POST", body: input });
}

// No retry: a timeout after the insert would otherwise add the person twice.
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    retry: false,
    onSuccess: async (contact) => {
      storeContact(queryClient, contact, { isNew: true });
      await queryClient.invalidateQueries({ queryKey: [...CONTACTS_KEY, "list"] });
    },
  });
}
