// What a change made offline will look like, drawn from the cached contact, so the page shows it
// at once while the change waits in the offline queue (lib/offline-queue.ts).
import type { QueryClient } from "@tanstack/react-query";
import { contactDisplayName } from "../../../../core/contact-display";
import { CONTACT_FIELDS } from "../../../../core/contact-fields";
import type { ContactList } from "../../../../core/contact-list-schema";
import type { Contact, ContactCreateFormValues, ContactEdit } from "../../../../core/contacts";
import type {
  Interaction,
  InteractionInput,
  InteractionPatch,
  SnoozeInput,
} from "../../../../core/interactions";
import {
  addDays,
  computeNextDueDate,
  dueStatusOn,
  startOfLocalDate,
  toLocalDate,
  type LocalDate,
} from "../../../../core/rhythm";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import type { Me } from "../../../../core/account";
import {
  PENDING_ID_PREFIX,
  queuedUndoId,
  sendOrQueue,
  type NewChange,
} from "../../../lib/offline-queue";
import { contactKey, contactListKey, interactionsKey, storeContact } from "./contacts-cache";

function findCachedContact(queryClient: QueryClient, id: string): Contact | undefined {
  const detail = queryClient.getQueryData<Contact>(contactKey(id));
  if (detail) return detail;
  for (const archived of [false, true]) {
    const found = queryClient
      .getQueryData<ContactList>(contactListKey(archived))
      ?.items.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

function clockOf(queryClient: QueryClient): { today: LocalDate; timeZone: string } {
  const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
  const timeZone = me?.settings.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { timeZone, today: toLocalDate(new Date(), timeZone) };
}

/** The contact with its due day moved to `dueDate` (its state recomputed for today). */
function withDueDate(
  queryClient: QueryClient,
  contact: Contact,
  dueDate: LocalDate | null,
): Contact {
  const { today, timeZone } = clockOf(queryClient);
  const status = dueStatusOn(contact.rhythm, dueDate, today);
  return {
    ...contact,
    ...status,
    nextDueAt: dueDate ? startOfLocalDate(dueDate, timeZone).toISOString() : null,
  };
}

/** The contact (and its history) as it was before an undoable change, by the change's undo id:
 * what an Undo puts back on screen while the network is away. Kept for this page's life only,
 * like the toast whose Undo uses it. */
export type BeforeChange = { contact: Contact; interactions?: Interaction[] };
const beforeChanges = new Map<string, BeforeChange>();
/** Undo toasts last seconds: a few dozen recent changes are plenty. */
const BEFORE_CHANGES_KEPT = 50;

export function beforeChange(undoId: string): BeforeChange | undefined {
  return beforeChanges.get(undoId);
}

function rememberBefore(undoId: string, before: BeforeChange) {
  beforeChanges.set(undoId, before);
  for (const old of beforeChanges.keys()) {
    if (beforeChanges.size <= BEFORE_CHANGES_KEPT) break;
    beforeChanges.delete(old);
  }
}

/** Puts a contact and its history back as they were before a change (an Undo while offline). */
export function restoreBefore(queryClient: QueryClient, before: BeforeChange) {
  storeContact(queryClient, before.contact);
  if (before.interactions) {
    queryClient.setQueryData(interactionsKey(before.contact.id), before.interactions);
  }
}

/**
 * Sends a change to one contact, or queues it with what it will look like (`optimistic`, given
 * the cached contact). `verb` names the change for the waiting list: "Log contact with".
 */
export async function changeContact<T extends object>(
  queryClient: QueryClient,
  change: Omit<NewChange, "label" | "contactId" | "baseUpdatedAt"> & {
    contactId: string;
    verb: string;
  },
  optimistic: (contact: Contact) => T,
): Promise<T> {
  const { verb, ...request } = change;
  const contact = findCachedContact(queryClient, change.contactId);
  const interactions = queryClient.getQueryData<Interaction[]>(interactionsKey(change.contactId));
  const result = await sendOrQueue(
    {
      ...request,
      label: `${verb} ${contact ? contactDisplayName(contact) : "a contact"}`,
      baseUpdatedAt: contact?.updatedAt,
    },
    () => {
      if (!contact) throw new Error("This contact is not on this device yet.");
      return optimistic(contact);
    },
  );
  const undoId = queuedUndoId(result) ?? (result as { undoId?: unknown } | null)?.undoId;
  if (contact && typeof undoId === "string" && undoId) {
    rememberBefore(undoId, { contact, interactions });
  }
  return result;
}

export function loggedOffline(
  queryClient: QueryClient,
  contact: Contact,
  input: InteractionInput = {},
): { interaction: Interaction; contact: Contact; undoId: string } {
  const at = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const previous = contact.lastContactedAt ? new Date(contact.lastContactedAt) : null;
  const lastContactedAt = previous && previous > at ? previous : at;
  const { timeZone } = clockOf(queryClient);
  const dueDate = computeNextDueDate({
    rhythm: contact.rhythm,
    lastContactedAt,
    rhythmSetAt: contact.rhythmSetAt ? new Date(contact.rhythmSetAt) : null,
    timeZone,
  });
  const interaction: Interaction = {
    id: `${PENDING_ID_PREFIX}${crypto.randomUUID()}`,
    contactId: contact.id,
    occurredAt: at.toISOString(),
    channel: input.channel ?? contact.preferredMethod ?? "other",
    note: input.note?.trim() || null,
    isDateOnly: false,
    createdAt: new Date().toISOString(),
  };
  // The history's cache holds the list itself (list-interactions.ts).
  queryClient.setQueryData<Interaction[]>(interactionsKey(contact.id), (list) =>
    list ? [interaction, ...list] : list,
  );
  const moved = withDueDate(queryClient, contact, dueDate);
  return {
    interaction,
    contact: { ...moved, lastContactedAt: lastContactedAt.toISOString(), isSnoozed: false },
    undoId: "",
  };
}

export function snoozedOffline(
  queryClient: QueryClient,
  contact: Contact,
  input: SnoozeInput,
): Contact & { undoId: string } {
  const { today } = clockOf(queryClient);
  const from = contact.dueDate && contact.dueDate > today ? contact.dueDate : today;
  const dueDate = "until" in input ? input.until : addDays(from, Number(input.days));
  return { ...withDueDate(queryClient, contact, dueDate), isSnoozed: true, undoId: "" };
}

/** "Company: Analytical Engines; Notes: Met in London": the text fields an edit sets. */
export function describeEdit(patch: Record<string, unknown>): string | undefined {
  const labels: Record<string, string> = { note: "Note" };
  const parts = Object.entries(patch).flatMap(([key, value]) => {
    if (key === "expectedUpdatedAt" || typeof value !== "string" || !value.trim()) return [];
    const field = (CONTACT_FIELDS as Record<string, { importLabel: string } | undefined>)[key];
    return [`${field?.importLabel ?? labels[key] ?? key}: ${value.trim()}`];
  });
  return parts.length ? parts.join("; ") : undefined;
}

export function editedOffline(contact: Contact, patch: ContactEdit): Contact {
  const { expectedUpdatedAt: _version, ...fields } = patch;
  return { ...contact, ...(fields as Partial<Contact>) };
}

export function noteEditedOffline(
  queryClient: QueryClient,
  contact: Contact,
  interactionId: string,
  patch: InteractionPatch,
): { interaction: Interaction | null; contact: Contact } {
  let edited: Interaction | null = null;
  queryClient.setQueryData<Interaction[]>(interactionsKey(contact.id), (list) =>
    list?.map((item) => {
      if (item.id !== interactionId) return item;
      edited = {
        ...item,
        ...(patch.note !== undefined ? { note: patch.note?.trim() || null } : {}),
        ...(patch.channel ? { channel: patch.channel } : {}),
        ...(patch.occurredAt ? { occurredAt: new Date(patch.occurredAt).toISOString() } : {}),
      };
      return edited;
    }),
  );
  return { interaction: edited, contact };
}

/** A contact made offline, shown with a made-up id until the server gives it its own. */
export function createdOffline(queryClient: QueryClient, values: ContactCreateFormValues): Contact {
  const now = new Date().toISOString();
  const input = values as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(CONTACT_FIELDS)) {
    const value = input[key];
    const isList = ["emails", "phones", "websites", "addresses", "tags"].includes(field.kind);
    const isPlain = ["name", "text", "notes", "method", "rhythm"].includes(field.kind);
    fields[key] = isList
      ? field.kind === "tags" && Array.isArray(value)
        ? value
        : []
      : isPlain && value !== "" && value !== undefined
        ? value
        : null;
  }
  const contact = {
    ...fields,
    id: `${PENDING_ID_PREFIX}${crypto.randomUUID()}`,
    rhythmSource: null,
    rhythmSetAt: fields.rhythm ? now : null,
    lastContactedAt: null,
    nextDueAt: null,
    dueDate: null,
    daysUntilDue: null,
    state: "no_rhythm",
    isSnoozed: false,
    archivedAt: null,
    importId: null,
    photoUrl: null,
    createdAt: now,
    updatedAt: now,
  } as unknown as Contact;
  if (!contact.rhythm) return contact;
  const { timeZone } = clockOf(queryClient);
  const dueDate = computeNextDueDate({
    rhythm: contact.rhythm,
    lastContactedAt: null,
    rhythmSetAt: new Date(now),
    timeZone,
  });
  return withDueDate(queryClient, contact, dueDate);
}
