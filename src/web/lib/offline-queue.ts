// Changes made without a network (a log, a snooze, a note, an edit, a new contact, an archive, a
// delete, an undo) wait here, in IndexedDB per user, and are sent once, in order, when the network
// returns. Each carries its id as the Idempotency-Key, so a send whose answer was lost is answered
// again, not applied twice (decisions 287, 288 and 323). A change still waiting can be withdrawn
// (its Undo): nothing is sent.
import { useSyncExternalStore } from "react";
import { createStore, del, get, set, values, type UseStore } from "idb-keyval";
import { apiFetch, ApiRequestError } from "./api-client";

export type QueuedChange = {
  /** Also the Idempotency-Key. */
  id: string;
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  body: unknown;
  createdAt: number;
  /** What the change was, in a person's words ("Log contact with Ada"). */
  label: string;
  /** The contact it changes (a made-up id for a contact created offline). */
  contactId?: string;
  /** The contact's updatedAt when the change was made: later edits are based on it. */
  baseUpdatedAt?: string;
  /** What was changed, kept to show if the server refuses it ("Company: Analytical Engines"). */
  summary?: string;
  /** What it does to where the contact is listed: while it waits, lists leave the contact out
   * (an archive: the active list; an unarchive: the archived one; a delete: both). */
  effect?: "archive" | "unarchive" | "delete";
  /** The server's refusal (a stale edit's conflict, a contact gone): kept in sight until
   * dismissed. */
  error?: string;
  /** Times the server failed (500) on it: after MAX_SERVER_FAILURES it is shown as not saved. */
  failures?: number;
  /** Sent: kept a while with the answer's undo id, so an Undo pressed after the send undoes it on
   * the server (one queued undo) instead of withdrawing it. Not waiting any more. */
  sent?: { at: number; undoId: string | null };
};

export type NewChange = Omit<QueuedChange, "id" | "createdAt" | "error" | "failures" | "sent">;

/** How often a waiting change is tried again while the browser says it is online. */
const RETRY_MS = 30_000;
/** Ids of contacts made offline, until the server gives them theirs. */
export const PENDING_ID_PREFIX = "pending-";
/** The undo id of a change answered from the queue: `queued:` and the change's id. */
const QUEUED_UNDO_PREFIX = "queued:";
/** A server failing this many tries in a row on one change does not save it: it is shown. */
const MAX_SERVER_FAILURES = 5;
/** How long a sent change is remembered for its Undo (a toast's Undo lasts seconds). */
const SENT_KEEP_MS = 10 * 60_000;
/** Said when a change is kept for later. */
export const QUEUED_NOTE = "Saved on this device: it will be sent when you are back online.";
export const SERVER_FAILED_MESSAGE =
  "The server failed to save this change several times, so it was not saved. Make it again later.";

type State = { items: QueuedChange[] };

let store: UseStore | null = null;
let userId: string | null = null;
let state: State = { items: [] };
const listeners = new Set<() => void>();
const queuedResults = new WeakSet<object>();
const queuedIds = new WeakMap<object, string>();
let channel: BroadcastChannel | null = null;

function emit(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function reload() {
  if (!store) return;
  const items = (await values<QueuedChange>(store))
    .filter((item) => !item.sent)
    .sort((a, b) => a.createdAt - b.createdAt);
  emit({ items });
}

function changed() {
  channel?.postMessage("changed");
  return reload();
}

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 0;
}

/** True for an answer made up on this device for a change that now waits in the queue. */
export function wasQueued(result: unknown): boolean {
  return typeof result === "object" && result !== null && queuedResults.has(result);
}

/** For an answer made up for a queued change, the undo id that withdraws it (or undoes it once
 * sent); null for the server's own answers. */
export function queuedUndoId(result: unknown): string | null {
  const id = typeof result === "object" && result !== null ? queuedIds.get(result) : undefined;
  return id ? `${QUEUED_UNDO_PREFIX}${id}` : null;
}

export function isQueuedUndoId(undoId: string): boolean {
  return undoId.startsWith(QUEUED_UNDO_PREFIX);
}

/**
 * Sends a change now when there is a network; when there is none (offline, or the request never
 * reached the server) keeps it for later and answers `optimistic()`, what the change will look
 * like, so the page shows it at once.
 */
export async function sendOrQueue<T extends object>(
  change: NewChange,
  optimistic: () => T,
): Promise<T> {
  const id = crypto.randomUUID();
  if (store && navigator.onLine) {
    try {
      return await apiFetch<T>(change.url, {
        method: change.method,
        body: change.body,
        headers: { "idempotency-key": id },
      });
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  if (!store) {
    throw new ApiRequestError(
      0,
      "NETWORK",
      "We couldn't reach the server. Check your connection and try again.",
    );
  }
  const result = optimistic();
  await set(id, { ...change, id, createdAt: Date.now() } satisfies QueuedChange, store);
  await changed();
  queuedResults.add(result);
  queuedIds.set(result, id);
  return result;
}

/** Moves later changes of one contact onto what the server answered for an earlier one. */
type Carry = { ids: Map<string, string>; versions: Map<string, { from: string; to: string }> };

function carryForward(item: QueuedChange, carry: Carry): QueuedChange {
  let next = item;
  for (const [madeUp, real] of carry.ids) {
    if (next.url.includes(madeUp)) {
      next = { ...next, url: next.url.replace(madeUp, real), contactId: real };
    }
  }
  const version = next.contactId ? carry.versions.get(next.contactId) : undefined;
  const body = next.body as { expectedUpdatedAt?: string } | null;
  if (version && body?.expectedUpdatedAt === version.from) {
    next = { ...next, body: { ...body, expectedUpdatedAt: version.to } };
  }
  if (version && next.baseUpdatedAt === version.from) next = { ...next, baseUpdatedAt: version.to };
  return next;
}

type MaybeContact = { id?: unknown; updatedAt?: unknown } | null;

/** The contact in an answer: the answer itself, or its `contact` (a log's answer). */
function answeredContact(answer: unknown): { id: string; updatedAt: string } | null {
  const record = answer as (MaybeContact & { contact?: MaybeContact }) | null;
  const contact = record?.contact ?? record;
  return typeof contact?.id === "string" && typeof contact.updatedAt === "string"
    ? { id: contact.id, updatedAt: contact.updatedAt }
    : null;
}

function answeredUndoId(answer: unknown): string | null {
  const undoId = (answer as { undoId?: unknown } | null)?.undoId;
  return typeof undoId === "string" && undoId ? undoId : null;
}

/**
 * Whether the contact is still as it was when its first waiting change was made: then each later
 * edit made here goes on top of the one before it; otherwise an edit made elsewhere meanwhile
 * is not overwritten, and a waiting edit comes back as the usual conflict.
 */
async function isUnchangedElsewhere(item: QueuedChange): Promise<boolean> {
  if (!item.contactId || !item.baseUpdatedAt || item.contactId.startsWith(PENDING_ID_PREFIX))
    return false;
  try {
    const now = await apiFetch<{ updatedAt: string }>(
      `/api/contacts/${encodeURIComponent(item.contactId)}`,
    );
    return now.updatedAt === item.baseUpdatedAt;
  } catch {
    return false;
  }
}

async function sendWaiting(
  onSent: () => void,
  notifyRefused: (item: QueuedChange, why: string) => void,
) {
  if (!store) return;
  const target = store;
  const all = await values<QueuedChange>(target);
  for (const old of all.filter((item) => item.sent && Date.now() - item.sent.at > SENT_KEEP_MS)) {
    await del(old.id, target);
  }
  const items = all
    .filter((item) => !item.error && !item.sent)
    .sort((a, b) => a.createdAt - b.createdAt);
  const carry: Carry = { ids: new Map(), versions: new Map() };
  const checked = new Map<string, boolean>();
  let hasSent = false;
  for (const waiting of items) {
    const item = carryForward(waiting, carry);
    if (item !== waiting) await set(item.id, item, target);
    if (item.contactId && !checked.has(item.contactId)) {
      checked.set(item.contactId, await isUnchangedElsewhere(item));
    }
    try {
      const answer = await apiFetch<unknown>(item.url, {
        method: item.method,
        body: item.body,
        headers: { "idempotency-key": item.id },
      });
      // Kept a while, marked sent, for an Undo pressed after this send.
      await set(
        item.id,
        { ...item, sent: { at: Date.now(), undoId: answeredUndoId(answer) } },
        target,
      );
      hasSent = true;
      const contact = answeredContact(answer);
      if (contact && item.contactId?.startsWith(PENDING_ID_PREFIX)) {
        carry.ids.set(item.contactId, contact.id);
        checked.set(contact.id, true);
      }
      if (contact && item.baseUpdatedAt && checked.get(contact.id)) {
        carry.versions.set(contact.id, { from: item.baseUpdatedAt, to: contact.updatedAt });
      }
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      // A server failing again and again on this change will not save it: it is shown instead
      // of being tried forever.
      const failures = (item.failures ?? 0) + 1;
      if (error.status === 500 && failures >= MAX_SERVER_FAILURES) {
        hasSent = true;
        await set(item.id, { ...item, failures, error: SERVER_FAILED_MESSAGE }, target);
        notifyRefused(item, SERVER_FAILED_MESSAGE);
        continue;
      }
      if (error.status === 500) await set(item.id, { ...item, failures }, target);
      // Not now (no network, signed out, the server busy or this change still being saved by
      // another tab): everything waits for the next try, in order.
      if (error.status === 0 || error.status >= 500 || [401, 402, 403, 429].includes(error.status))
        break;
      if (error.code === "CHANGE_IN_PROGRESS") break;
      hasSent = true;
      // Deleting a contact that is already gone (deleted elsewhere) leaves it as wanted.
      if (item.method === "DELETE" && error.status === 404) {
        await del(item.id, target);
        continue;
      }
      // Any other refusal (a conflict, a contact gone) cannot succeed later: it stays in sight,
      // with the server's reason, until dismissed. Never dropped unseen.
      await set(item.id, { ...item, error: error.message }, target);
      notifyRefused(item, error.message);
    }
  }
  if (hasSent) onSent();
}

let flushing: Promise<void> | null = null;
let onSentHandler: () => void = () => {};
let onRefusedHandler: (item: QueuedChange, why: string) => void = () => {};

/** Sends what waits. One tab at a time (Web Locks); the Idempotency-Key guards the rest. */
export function flushOfflineQueue(): Promise<void> {
  if (!store || !navigator.onLine || !userId) return Promise.resolve();
  flushing ??= (async () => {
    const run = async () => {
      await sendWaiting(onSentHandler, onRefusedHandler);
    };
    try {
      if (navigator.locks) await navigator.locks.request(`tend-offline-queue:${userId}`, run);
      else await run();
    } finally {
      flushing = null;
      await changed();
    }
  })();
  return flushing;
}

/** Runs `task` while no tab sends the queue (the same Web Lock as the sending). */
async function whileNotSending<T>(task: () => Promise<T>): Promise<T> {
  if (navigator.locks && userId) {
    return navigator.locks.request(`tend-offline-queue:${userId}`, task) as Promise<T>;
  }
  await flushing;
  return task();
}

export type Withdrawal =
  { state: "withdrawn" } | { state: "sent"; undoId: string | null } | { state: "unknown" };

/**
 * The Undo of a queued change (its `queuedUndoId`): still waiting, it is taken out of the queue
 * and nothing is sent ("withdrawn"); already sent (by any tab), the answer's undo id is given, for
 * the server's undo. Decided while no tab is sending, so a change is never both withdrawn and sent.
 */
export async function withdrawChange(undoId: string): Promise<Withdrawal> {
  const target = store;
  if (!target || !isQueuedUndoId(undoId)) return { state: "unknown" };
  const id = undoId.slice(QUEUED_UNDO_PREFIX.length);
  const outcome = await whileNotSending(async (): Promise<Withdrawal> => {
    const item = await get<QueuedChange>(id, target);
    if (!item) return { state: "unknown" };
    if (item.sent) return { state: "sent", undoId: item.sent.undoId };
    await del(id, target);
    return { state: "withdrawn" };
  });
  await changed();
  return outcome;
}

export async function dismissChange(id: string): Promise<void> {
  if (!store) return;
  await del(id, store);
  await changed();
}

/**
 * Opens the signed-in user's queue and sends what waits now, whenever the browser comes back
 * online, and every half minute. Returns the function that stops it (at sign-out).
 */
export function startOfflineQueue(options: {
  userId: string;
  onSent: () => void;
  onRefused: (item: QueuedChange, why: string) => void;
}): () => void {
  userId = options.userId;
  store = createStore(`tend-offline-${options.userId}`, "changes");
  onSentHandler = options.onSent;
  onRefusedHandler = options.onRefused;
  channel =
    typeof BroadcastChannel === "undefined"
      ? null
      : new BroadcastChannel(`tend-offline-${options.userId}`);
  const onMessage = () => void reload();
  channel?.addEventListener("message", onMessage);
  const onOnline = () => void flushOfflineQueue();
  window.addEventListener("online", onOnline);
  const timer = setInterval(() => void flushOfflineQueue(), RETRY_MS);
  void reload().then(flushOfflineQueue);
  return () => {
    clearInterval(timer);
    window.removeEventListener("online", onOnline);
    channel?.close();
    channel = null;
    store = null;
    userId = null;
    emit({ items: [] });
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineQueue(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/**
 * The contacts a waiting archive, unarchive or delete takes out of the active (or archived) list,
 * here or in another tab: by the last such change of each. A string (ids, sorted) so it compares
 * equal while nothing changes.
 */
export function useContactsLeavingList(archived: boolean): string {
  return useSyncExternalStore(
    subscribe,
    () => leavingList(state.items, archived),
    () => "",
  );
}

export function leavingList(items: QueuedChange[], archived: boolean): string {
  const last = new Map<string, QueuedChange["effect"]>();
  for (const item of items) {
    if (item.contactId && item.effect && !item.error && !item.sent)
      last.set(item.contactId, item.effect);
  }
  const leaving = archived ? ["unarchive", "delete"] : ["archive", "delete"];
  return [...last]
    .filter(([, effect]) => leaving.includes(effect!))
    .map(([id]) => id)
    .sort()
    .join(" ");
}

/** Whether a change to this contact waits to be sent (its row and page say "Pending"). */
export function useIsContactPending(contactId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.items.some((item) => item.contactId === contactId && !item.error),
    () => false,
  );
}
