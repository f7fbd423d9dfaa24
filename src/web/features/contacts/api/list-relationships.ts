import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { RelationshipList } from "../../../../core/relationships";
import { apiFetch } from "../../../lib/api-client";

// Under the contacts key, so a merge or an undo that refreshes contacts refreshes links too.
const RELATIONSHIPS_KEY = ["contacts", "relationships"] as const;
export const relationshipsKey = (contactId: string) => [...RELATIONSHIPS_KEY, contactId] as const;

/** A link shows on both people's pages, so a change refreshes every contact's list. */
export function refreshRelationships(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: RELATIONSHIPS_KEY });
}

export function listRelationships(contactId: string): Promise<RelationshipList> {
  return apiFetch<RelationshipList>(
    `/api/contacts/${encodeURIComponent(contactId)}/relationships`,
  );
}

export function useRelationships(contactId: string) {
  return useQuery({
    queryKey: relationshipsKey(contactId),
    queryFn: () => listRelationships(contactId),
  });
}
