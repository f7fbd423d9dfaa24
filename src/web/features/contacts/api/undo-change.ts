import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { UNDO_TOAST_MS } from "../../../../core/constants";
import type { UndoResult } from "../../../../core/interactions";
import { ApiRequestError, errorMessage } from "../../../lib/api-client";
import {
  isQueuedUndoId,
  QUEUED_NOTE,
  sendOrQueue,
  wasQueued,
  withdrawChange,
} from "../../../lib/offline-queue";
import { CONTACTS_KEY } from "../../../lib/query-keys";
import { toast, type ToastInput } from "../../../lib/toast";
import { interactionsKey, storeContact } from "./contacts-cache";
import { beforeChange, restoreBefore } from "./offline-changes";

const CANNOT_UNDO_MESSAGE = "That change can't be undone: it was not saved, or it is too old.";

type Undone = UndoResult & {
  /** The change still waited in the offline queue: taken out, nothing was sent. */
  isWithdrawn: boolean;
  /** The undo itself waits in the offline queue. */
  isQueued: boolean;
};

/**
 * Reverts a one-tap change (log, snooze, archive, bulk rhythm) by the id its answer carried. A
 * change still waiting in the offline queue is withdrawn (nothing is sent); one already sent is
 * undone on the server, that undo queued like any change while there is no network. `title`
 * names it in the waiting list ("Undo: Ada Lovelace archived").
 */
export async function undoChange(
  queryClient: QueryClient,
  undoId: string,
  title: string,
): Promise<Undone> {
  const before = beforeChange(undoId);
  const withdrawal = await withdrawChange(undoId);
  if (withdrawal.state === "withdrawn") {
    if (before) restoreBefore(queryClient, before);
    return { contacts: before ? [before.contact] : [], isWithdrawn: true, isQueued: false };
  }
  // Sent: the server's undo for it. Neither waiting nor sent (refused, or long gone): nothing.
  const serverUndoId =
    withdrawal.state === "sent" ? withdrawal.undoId : isQueuedUndoId(undoId) ? null : undoId;
  if (!serverUndoId) throw new ApiRequestError(404, "NOT_FOUND", CANNOT_UNDO_MESSAGE);
  const answer = await sendOrQueue<UndoResult>(
    {
      method: "POST",
      url: `/api/contacts/undo/${encodeURIComponent(serverUndoId)}`,
      body: undefined,
      label: `Undo: ${title}`,
      contactId: before?.contact.id,
    },
    () => {
      if (before) restoreBefore(queryClient, before);
      return { contacts: before ? [before.contact] : [] };
    },
  );
  return { ...answer, isWithdrawn: false, isQueued: wasQueued(answer) };
}

/**
 * Shows a change's toast with an "Undo" button that reverts it, then says how that went. Not a
 * useMutation: the toast outlives the component that showed it (archive, then leave the page).
 */
export function useUndoToast() {
  const queryClient = useQueryClient();
  async function revert(undoId: string, title: string, onUndone?: () => void) {
    try {
      const { contacts, isQueued, isWithdrawn } = await undoChange(queryClient, undoId, title);
      if (!isWithdrawn && !isQueued) {
        for (const contact of contacts) storeContact(queryClient, contact);
        await Promise.all(
          contacts.map((c) => queryClient.invalidateQueries({ queryKey: interactionsKey(c.id) })),
        );
        if (contacts.length > 1) await queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      }
      onUndone?.();
      toast({
        title: "Undone",
        description: isWithdrawn
          ? `${title}: undone. Nothing was sent.`
          : isQueued
            ? `${title}: undone. ${QUEUED_NOTE}`
            : `${title}: undone.`,
      });
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
