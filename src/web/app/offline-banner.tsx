// Across the signed-in app: says when the device is offline, so what shows is known to be the
// copy kept on the device (what was read last), not the server's latest.
import { onlineManager } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

/** True while the browser has no network (TanStack Query's online state, which pauses reads). */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => !onlineManager.isOnline(),
    () => false,
  );
}

export function OfflineBanner() {
  const isOffline = useIsOffline();
  if (!isOffline) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border border-border bg-muted p-4 text-sm"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong>You are offline.</strong> You are seeing what this device last read; it updates when
        the connection is back.
      </p>
    </div>
  );
}
