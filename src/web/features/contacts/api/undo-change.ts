import { useQueryClient } from "@tanstack/react-query";
import { UNDO_TOAST_MS } from "../../../../core/constants";
import type { UndoResult } from "../../../../core/interactions";
import { apiFetch, errorMessage } from "../../../lib/api-client";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { toast, type ToastInput } from "../../../lib/toast";
import { interactionsKey, storeContact } from "./contacts-cache";

/** Reverts a one-tap change (log, snooze, archive, bulk rhythm) by the id its answer carried. */
export function undoChange(undoId: string): Promise<UndoResult> {
  return apiFetch<UndoResult>(`/api/contacts/undo/${encodeURIComponent(undoId)}`, {
    method: "POST",
  });
}

/**
 * Shows a change's toast with an "Undo" button that reverts it, then says how that went. Not a
 * useMutation: the toast outlives the component that showed it (archive, then leave the page).
 */
export function useUndoToast() {
  const queryClient = useQueryClient();
  async function revert(undoId: string, title: string, onUndone?: () => void) {
    try {
      const { contacts } = await undoChange(undoId);
      for (const contact of contacts) storeContact(queryClient, contact);
      await Promise.all(
        contacts.map((c) => queryClient.invalidateQueries({ queryKey: interactionsKey(c.id) })),
      );
      if (contacts.length > 1) await queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      onUndone?.();
      toast({ title: "Undone", description: `${title}: undone.` });
    } catch (error) {
      toast({ title: "Couldn't undo", description: errorMessage(error), variant: "destructive" });
    }
  }
  return function showUndoToast(
    input: ToastInput & { undoId: string | null; onUndone?: () => void },
  ) {
    const { undoId, onUndone, ...rest } = input;
    toast({
      ...rest,
      duration: undoId ? UNDO_TOAST_MS : rest.duration,
      action: undoId
        ? {
            label: "Undo",
            onClick: () => void revert(undoId, input.title, onUndone),
          }
        : undefined,
    });
  };
}
