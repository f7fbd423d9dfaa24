// Live updates: one EventSource per tab on GET /api/notifications/stream. Each event
// (a notification created, seen, or all seen — in this tab, another tab, or on another server)
// makes the lists re-read, so every tab stays in step. EventSource reconnects by itself and
// sends Last-Event-ID, and the server replays what was missed. While the stream is down (the
// browser gave up, or it has not opened yet) the lists fall back to polling every
// NOTIFICATIONS_POLL_MS, and a new stream is tried at that pace.
//
// The stream names the tab (`?tab=<uuid>`), and the tab tells the server whether it is in front
// (document.visibilityState) each time its stream opens and each time that changes: while a tab
// of the user's is open and visible, in-app notifications are not pushed to their devices
// (decision 324). Closing the tab closes its stream, which the server counts as gone.
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { NOTIFICATIONS_POLL_MS } from "../../../../core/notifications";
import { apiFetch } from "../../../lib/api-client";
import { NOTIFICATIONS_KEY } from "../api/notifications-key";

export const NOTIFICATIONS_STREAM_URL = "/api/notifications/stream";
/** Events that arrive together cause one re-read. */
const COALESCE_MS = 100;

let isLive = false;
const listeners = new Set<() => void>();

function setLive(value: boolean) {
  if (isLive === value) return;
  isLive = value;
  for (const listener of listeners) listener();
}

/** True while this tab's stream is open: the lists then need no polling. */
export function useNotificationStreamIsLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isLive,
  );
}

/**
 * Re-reads every notification list after a change. A read already under way may have begun before
 * the change: it is left to finish (a "Load more" the user just asked for is not cancelled), and
 * the lists are read once more after it, or the change would show only at the next reload.
 */
export async function rereadNotifications(queryClient: QueryClient): Promise<void> {
  const underWay = { queryKey: NOTIFICATIONS_KEY, fetchStatus: "fetching" as const };
  if (queryClient.isFetching(underWay) > 0)
    await queryClient.refetchQueries(underWay, { cancelRefetch: false });
  await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }, { cancelRefetch: false });
}

/** A random (version 4) UUID, also where crypto.randomUUID is missing (plain http on a LAN). */
function newTabId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isInFront = () => document.visibilityState === "visible";

/**
 * Tells the server whether this tab is in front: one report at a time, and after each one the
 * latest state if it changed meanwhile, so two quick changes cannot arrive in the wrong order.
 */
function createVisibilityReporter(tabId: string) {
  let reported: boolean | null = null;
  let isSending = false;
  const send = async (): Promise<void> => {
    const visible = isInFront();
    if (isSending || visible === reported) return;
    isSending = true;
    try {
      const { isStreamOpen } = await apiFetch<{ isStreamOpen: boolean }>(
        `/api/notifications/tabs/${tabId}`,
        { method: "PUT", body: { visible } },
      );
      // No open stream for the tab (it is reconnecting): its next open reports again.
      reported = isStreamOpen ? visible : null;
    } catch {
      reported = null;
      return;
    } finally {
      isSending = false;
    }
    if (reported !== null && isInFront() !== reported) await send();
  };
  return {
    /** The stream (re)opened: the server's row may be new, so say it again. */
    afterOpen: () => {
      reported = null;
      void send();
    },
    onVisibilityChange: () => void send(),
  };
}

/** Opens the stream for as long as the calling component (the header's bell) is mounted. */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tabId = newTabId();
    const visibility = createVisibilityReporter(tabId);
    const onVisibilityChange = () => {
      if (source?.readyState === EventSource.OPEN) visibility.onVisibilityChange();
    };
    document.addEventListener("visibilitychange", onVisibilityChange);

    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void rereadNotifications(queryClient), COALESCE_MS);
    };
    const open = () => {
      source = new EventSource(`${NOTIFICATIONS_STREAM_URL}?tab=${tabId}`);
      source.onopen = () => {
        setLive(true);
        visibility.afterOpen();
        // Changes between the last read and the stream opening (or during a reconnect the
        // server could not replay, e.g. on the first open) are picked up by one re-read.
        refresh();
      };
      source.onmessage = refresh;
      source.onerror = () => {
        if (!source) return;
        // CONNECTING: the browser retries by itself with Last-Event-ID. CLOSED: it gave up
        // (signed out, server refused): poll, and try a new stream later.
        if (source.readyState === EventSource.CLOSED) {
          setLive(false);
          source = null;
          if (!stopped) retry = setTimeout(open, NOTIFICATIONS_POLL_MS);
        } else {
          setLive(false);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibilityChange);
      clearTimeout(retry);
      clearTimeout(pending);
      source?.close();
      source = null;
      setLive(false);
    };
  }, [queryClient]);
}
