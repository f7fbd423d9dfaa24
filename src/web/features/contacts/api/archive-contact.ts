import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UndoableContact } from "../../../../core/interactions";
import { wasQueued } from "../../../lib/offline-queue";
import { splitUndo, storeContact } from "./contacts-cache";
import { changeContact } from "./offline-changes";

export function useArchiveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: the archive waits in the queue and the contact moves lists at once.
    networkMode: "always",
    mutationFn: async (input: { id: string; isArchived: boolean }) => {
      const answer = await changeContact(
        queryClient,
        {
          method: "POST",
          url: `/api/contacts/${encodeURIComponent(input.id)}/${input.isArchived ? "archive" : "unarchive"}`,
          body: undefined,
          contactId: input.id,
          verb: input.isArchived ? "Archive" : "Unarchive",
          effect: input.isArchived ? "archive" : "unarchive",
        },
        (contact): UndoableContact => ({
          ...contact,
          archivedAt: input.isArchived ? new Date().toISOString() : null,
          undoId: "",
        }),
      );
      return { ...splitUndo(answer), isQueued: wasQueued(answer) };
    },
    onSuccess: ({ contact }) => storeContact(queryClient, contact),
  });
}
