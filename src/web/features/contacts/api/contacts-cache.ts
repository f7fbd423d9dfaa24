// Query keys for contacts and the one way to put a changed contact into every cached view.
import type { QueryClient } from "@tanstack/react-query";
import type { ContactList } from "../../../../core/contact-list-schema";
import type { Contact } from "../../../../core/contacts";
import type { ContactDetail } from "../../../../core/households";
import { queuedUndoId } from "../../../lib/offline-queue";
export const contactListKey = (archived: boolean) => ["contacts", "list", { archived }] as const;
export const contactKey = (id: string) => ["contacts", "detail", id] as const;
export const interactionsKey = (id: string) => ["contacts", "interactions", id] as const;

/** Puts the server's answer for one contact into the detail and list caches, moving it between
 * the active and archived lists when needed (`isNew` for a created one, to count it). State
 * counts are recomputed client-side from the items. */
export function storeContact(
  queryClient: QueryClient,
  contact: Contact,
  options: { isNew?: boolean } = {},
): void {
  // Only a contact's own page answer says which household they are in: it stays as it was.
  queryClient.setQueryData<Partial<ContactDetail>>(contactKey(contact.id), (old) => ({
    ...contact,
    household: old?.household,
  }));
  for (const archived of [false, true]) {
    queryClient.setQueryData<ContactList>(contactListKey(archived), (list) => {
      if (!list) return list;
      const belongs = Boolean(contact.archivedAt) === archived;
      const others = list.items.filter((c) => c.id !== contact.id);
      const wasThere = others.length !== list.items.length;
      const items = belongs
        ? wasThere
          ? list.items.map((c) => (c.id === contact.id ? contact : c))
          : [contact, ...list.items]
        : others;
      return { ...list, items, total: list.total + (options.isNew ? 1 : 0) };
    });
  }
}

export function forgetContact(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: contactKey(id) });
  queryClient.removeQueries({ queryKey: interactionsKey(id) });
  for (const archived of [false, true]) {
    queryClient.setQueryData<ContactList>(contactListKey(archived), (list) =>
      list
        ? { ...list, items: list.items.filter((c) => c.id !== id), total: list.total - 1 }
        : list,
    );
  }
}

/** An undoable answer (the contact plus `undoId`) → the contact alone, and the undo's id (for a
 * change waiting in the offline queue, the one that withdraws it). */
export function splitUndo(answer: Contact & { undoId?: string }): {
  contact: Contact;
  undoId: string | null;
} {
  const { undoId, ...contact } = answer;
  return { contact, undoId: queuedUndoId(answer) ?? (undoId || null) };
}
