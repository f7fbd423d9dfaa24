import { useQuery } from "@tanstack/react-query";
import type { Duplicates } from "../../../../core/contact-merge";
import { apiFetch } from "../../../lib/api-client";

// Under the contacts key, so every change to contacts (a merge, its undo, an edit) refreshes it.
export const duplicatesKey = ["contacts", "duplicates"] as const;

export function findDuplicates(): Promise<Duplicates> {
  return apiFetch<Duplicates>("/api/contacts/duplicates");
}

export function useDuplicates() {
  return useQuery({ queryKey: duplicatesKey, queryFn: findDuplicates });
}
