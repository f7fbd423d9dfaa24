import { useQuery } from "@tanstack/react-query";
import type { ContactDetail } from "../../../../core/households";
import { apiFetch } from "../../../lib/api-client";
import { contactKey } from "./contacts-cache";

export function getContact(id: string): Promise<ContactDetail> {
  return apiFetch<ContactDetail>(`/api/contacts/${encodeURIComponent(id)}`);
}

export function useContact(id: string) {
  return useQuery({ queryKey: contactKey(id), queryFn: () => getContact(id) });
}
