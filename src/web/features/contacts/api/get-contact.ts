import { useQuery } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { contactKey } from "./contacts-cache";

export function getContact(id: string): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`);
}

export function useContact(id: string) {
  return useQuery({ queryKey: contactKey(id), queryFn: () => getContact(id) });
}
