import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Relationship, RelationshipInput } from "../../../../core/relationships";
import { apiFetch } from "../../../lib/api-client";
import { refreshRelationships } from "./list-relationships";

export function createRelationship(options: {
  contactId: string;
  input: RelationshipInput;
}): Promise<Relationship> {
  return apiFetch<Relationship>(
    `/api/contacts/${encodeURIComponent(options.contactId)}/relationships`,
    { method: "POST", body: options.input },
  );
}

export function useCreateRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRelationship,
    onSuccess: () => refreshRelationships(queryClient),
  });
}
