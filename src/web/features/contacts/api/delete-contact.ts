import { useMutation, useQueryClient } from "@tanstack/react-query";
import { wasQueued } from "../../../lib/offline-queue";
import { forgetContact } from "./contacts-cache";
import { changeContact } from "./offline-changes";

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: the delete waits in the queue and the contact is gone from here at once.
    networkMode: "always",
    mutationFn: async (id: string) => {
      // The server answers a delete with no body; a queued one with this stand-in.
      const answer: object | undefined = await changeContact<object>(
        queryClient,
        {
          method: "DELETE",
          url: `/api/contacts/${encodeURIComponent(id)}`,
          body: undefined,
          contactId: id,
          verb: "Delete",
          effect: "delete",
        },
        () => ({}),
      );
      return { isQueued: wasQueued(answer) };
    },
    onSuccess: (_data, id) => forgetContact(queryClient, id),
  });
}
