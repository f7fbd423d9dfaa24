import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import type { UndoableContact } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { splitUndo, storeContact } from "./contacts-cache";

export async function archiveContact(input: {
  id: string;
  isArchived: boolean;
}): Promise<{ contact: Contact; undoId: string | null }> {
  const action = input.isArchived ? "archive" : "unarchive";
  const answer = await apiFetch<UndoableContact>(
    `/api/contacts/${encodeURIComponent(input.id)}/${action}`,
    { method: "POST" },
  );
  return splitUndo(answer);
}

export function useArchiveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveContact,
    onSuccess: ({ contact }) => storeContact(queryClient, contact),
  });
}
