import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactList } from "../../../../core/contact-list-schema";
import { apiFetch } from "../../../lib/api-client";
import { contactListKey } from "./contacts-cache";

// The whole active (or archived) address book, at most 1,000 contacts: the screen searches,
// filters and sorts it client-side with the same rules the API uses (src/core/contact-list).
export function listContacts(options: { archived: boolean }): Promise<ContactList> {
  return apiFetch<ContactList>(`/api/contacts?archived=${options.archived}`);
}

export function useContacts(options: { archived?: boolean } = {}) {
  const archived = options.archived ?? false;
  return useQuery({
    queryKey: contactListKey(archived),
    queryFn: () => listContacts({ archived }),
    // Switching to archived keeps the filters on screen (and focus in them) while it loads.
    placeholderData: keepPreviousData,
  });
}
