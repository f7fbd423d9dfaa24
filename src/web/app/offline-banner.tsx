// Across the signed-in app: says when the device is offline, so what shows is known to be the
// copy kept on the device (what was read last), not the server's latest; how many changes made
// here wait to be sent (online too, until they are); and a waiting change the server refused (a
// stale edit), with what it was, until it is dismissed.
import { onlineManager } from "@tanstack/react-query";
import { RefreshCw, WifiOff, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "../components/ui/button";
import { dismissChange, useOfflineQueue } from "../lib/offline-queue";

/** True while the browser has no network (TanStack Query's online state, which pauses reads). */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => !onlineManager.isOnline(),
    () => false,
  );
}

export function describeWaiting(count: number): string {
  return count === 1 ? "1 change waiting to be sent" : `${count} changes waiting to be sent`;
}

export function OfflineBanner() {
  const isOffline = useIsOffline();
  const { items } = useOfflineQueue();
  const waiting = items.filter((item) => !item.error).length;
  const refused = items.filter((item) => item.error);
  if (!isOffline && waiting === 0 && refused.length === 0) return null;
  return (
    <div className="mb-6 grid gap-3" data-testid="offline-banner">
      {isOffline || waiting > 0 ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-border bg-muted p-4 text-sm"
        >
          {isOffline ? (
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <RefreshCw className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <div className="grid min-w-0 gap-1">
            {isOffline ? (
              <p>
                <strong>You are offline.</strong> Showing what this device last read.
              </p>
            ) : null}
            {waiting > 0 ? (
              <p>
                <strong>{describeWaiting(waiting)}</strong>
                {isOffline ? " when you are back online." : "."}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {refused.map((item) => (
        <div
          key={item.id}
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive bg-card p-4 text-sm"
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-medium wrap-anywhere">{item.label}: not saved</p>
            <p className="wrap-anywhere">{item.error}</p>
            {item.summary ? (
              <p className="wrap-anywhere text-muted-foreground">Your change: {item.summary}</p>
            ) : null}
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Dismiss: ${item.label}`}
            onClick={() => void dismissChange(item.id)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </div>
  );
}
