import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactCreateFormValues } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { contactDisplayName } from "../../../../core/contact-display";
import { sendOrQueue } from "../../../lib/offline-queue";
import { storeContact } from "./contacts-cache";
import { createdOffline } from "./offline-changes";

export function createContact(input: ContactCreateFormValues): Promise<Contact> {
  return apiFetch<Contact>("/api/contacts", { method: "POST", body: input });
}

// No retry: a timeout after the insert would otherwise add the person twice.
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: sendOrQueue keeps the change for later.
    networkMode: "always",
    mutationFn: (input: ContactCreateFormValues) => {
      const contact = createdOffline(queryClient, input);
      return sendOrQueue(
        {
          method: "POST",
          url: "/api/contacts",
          body: input,
          label: `Add ${contactDisplayName(contact)}`,
          contactId: contact.id,
        },
        () => contact,
      );
    },
    retry: false,
    onSuccess: async (contact) => {
      storeContact(queryClient, contact, { isNew: true });
      await queryClient.invalidateQueries({ queryKey: [...CONTACTS_KEY, "list"] });
    },
  });
}
