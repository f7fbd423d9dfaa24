import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkMerge, BulkMergeResult, ContactMerge } from "../../../../core/contact-merge";
import type { UndoableContact } from "../../../../core/interactions";
import { apiFetch } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { forgetContact } from "./contacts-cache";

export function mergeContacts(input: ContactMerge): Promise<UndoableContact> {
  return apiFetch<UndoableContact>("/api/contacts/merge", { method: "POST", body: input });
}

export function mergeContactsInBulk(input: BulkMerge): Promise<BulkMergeResult> {
  return apiFetch<BulkMergeResult>("/api/contacts/merge/bulk", { method: "POST", body: input });
}

/** Merges one group (`merge`) or several at once (`merges`); the copies leave every cache. */
export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkMerge) =>
      input.merges.length === 1
        ? mergeContacts(input.merges[0]!).then(({ undoId, ...contact }) => ({
            contacts: [contact],
            undoId,
          }))
        : mergeContactsInBulk(input),
    onSuccess: async (_result, input) => {
      for (const id of input.merges.flatMap((m) => m.mergeIds)) forgetContact(queryClient, id);
      await queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
    },
  });
}
