import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ContactList } from "../../../../core/contact-list-schema";
import { apiFetch } from "../../../lib/api-client";
import { useContactsLeavingList } from "../../../lib/offline-queue";
import { contactListKey } from "./contacts-cache";

// The whole active (or archived) address book, at most 1,000 contacts: the screen searches,
// filters and sorts it client-side with the same rules the API uses (src/core/contact-list).
export function listContacts(options: { archived: boolean }): Promise<ContactList> {
  return apiFetch<ContactList>(`/api/contacts?archived=${options.archived}`);
}

/** The list without the contacts a waiting archive or delete takes out of it (`leaving`: ids). */
export function withoutLeaving(list: ContactList, leaving: string): ContactList {
  if (!leaving) return list;
  const ids = new Set(leaving.split(" "));
  const items = list.items.filter((c) => !ids.has(c.id));
  return items.length === list.items.length
    ? list
    : { ...list, items, total: list.total - (list.items.length - items.length) };
}

export function useContacts(options: { archived?: boolean } = {}) {
  const archived = options.archived ?? false;
  // An archive or delete made offline (here or in another tab) hides the contact at once, and
  // a list read again before it is sent does not bring them back.
  const leaving = useContactsLeavingList(archived);
  const select = useCallback((list: ContactList) => withoutLeaving(list, leaving), [leaving]);
  return useQuery({
    queryKey: contactListKey(archived),
    queryFn: () => listContacts({ archived }),
    select,
    // Switching to archived keeps the filters on screen (and focus in them) while it loads.
    placeholderData: keepPreviousData,
  });
}
