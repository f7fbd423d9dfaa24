import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { refreshRelationships } from "./list-relationships";

export function deleteRelationship(options: {
  contactId: string;
  relationshipId: string;
}): Promise<{ undoId: string }> {
  const contact = encodeURIComponent(options.contactId);
  const rel = encodeURIComponent(options.relationshipId);
  return apiFetch<{ undoId: string }>(`/api/contacts/${contact}/relationships/${rel}`, {
    method: "DELETE",
  });
}

export function useDeleteRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRelationship,
    onSuccess: () => refreshRelationships(queryClient),
  });
}
