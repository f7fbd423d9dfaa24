import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkMerge, BulkMergeResult, ContactMerge } from "../../../../core/contact-merge";
import type { UndoableContact } from "../../../../core/interactions";
import { apiFetch, errorMessage } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast";
import { forgetContact } from "./contacts-cache";
import { useUndoToast } from "./undo-change";

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

type MergeToast = { title: string; description: string };

/**
 * Merges, then shows one toast with "Undo" for the whole merge (single or bulk), or what went
 * wrong. `toastFor` words the toast from the answer; `onDone` runs before it shows.
 */
export function useMergeWithUndo() {
  const merge = useMergeContacts();
  const showUndoToast = useUndoToast();
  function run(
    input: BulkMerge,
    toastFor: (r: BulkMergeResult) => MergeToast,
    onDone?: () => void,
  ) {
    merge.mutate(input, {
      onSuccess: (result) => {
        onDone?.();
        showUndoToast({ ...toastFor(result), undoId: result.undoId });
      },
      onError: (error) =>
        toast({
          title: "Couldn't merge",
          description: errorMessage(error),
          variant: "destructive",
        }),
    });
  }
  return { run, isPending: merge.isPending };
}
