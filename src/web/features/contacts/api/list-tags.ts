import { useQuery } from "@tanstack/react-query";
import type { TagSummary } from "../../../../core/group-rhythm-schema";
import { apiFetch } from "../../../lib/api-client";

/** Under the contacts key: a change to any contact reads the tags (and their followers) again. */
export const TAGS_KEY = ["contacts", "tags"] as const;

/** The user's tags with how many carry each, its group rhythm and how many follow it. */
export function listTags(): Promise<TagSummary[]> {
  return apiFetch<{ tags: TagSummary[] }>("/api/contacts/tags").then((r) => r.tags);
}

export function useTags() {
  return useQuery({ queryKey: TAGS_KEY, queryFn: listTags });
}
