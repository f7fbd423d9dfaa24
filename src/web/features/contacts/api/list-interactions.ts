import { useQuery } from "@tanstack/react-query";
import type { Interaction } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { interactionsKey } from "./contacts-cache";

export async function listInteractions(contactId: string): Promise<Interaction[]> {
  const { items } = await apiFetch<{ items: Interaction[] }>(
    `/api/contacts/${encodeURIComponent(contactId)}/interactions`,
  );
  return items;
}

export function useInteractions(contactId: string) {
  return useQuery({
    queryKey: interactionsKey(contactId),
    queryFn: () => listInteractions(contactId),
  });
}
