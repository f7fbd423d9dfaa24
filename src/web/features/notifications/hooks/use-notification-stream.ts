// Live updates: one EventSource per tab on GET /api/notifications/stream. Each event
// (a notification created, seen, or all seen — in this tab, another tab, or on another server)
// makes the lists re-read, so every tab stays in step. EventSource reconnects by itself and
// sends Last-Event-ID, and the server replays what was missed. While the stream is down (the
// browser gave up, or it has not opened yet) the lists fall back to polling every
// NOTIFICATIONS_POLL_MS, and a new stream is tried at that pace.
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { NOTIFICATIONS_POLL_MS } from "../../../../core/notifications";
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

/** Opens the stream for as long as the calling component (the header's bell) is mounted. */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void rereadNotifications(queryClient), COALESCE_MS);
    };
    const open = () => {
      source = new EventSource(NOTIFICATIONS_STREAM_URL);
      source.onopen = () => {
        setLive(true);
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
      clearTimeout(retry);
      clearTimeout(pending);
      source?.close();
      source = null;
      setLive(false);
    };
  }, [queryClient]);
}
