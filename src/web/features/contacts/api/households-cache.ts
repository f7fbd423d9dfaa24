import type { QueryClient } from "@tanstack/react-query";
import { CONTACTS_KEY } from "../../../lib/query-keys";

// Under the contacts key: a household change shows on every member's page, and a merge or an
// undo (which refresh the contacts key) shows in the households.
export const householdsKey = ["contacts", "households"] as const;

export function refreshHouseholds(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
}
