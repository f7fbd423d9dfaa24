// Global error handling (spec 02 §8): a stale chunk reloads once, then offers "App Update
// Available"; other errors go to the local error log (see docs/decisions/005). A new version
// the service worker has kept offers the same banner (service-worker.ts).
import { createRoot } from "react-dom/client";
import { UPDATE_BANNER_AUTO_DISMISS_MS } from "../../core/constants";
import { Button } from "../components/ui/button";
import { logError } from "../lib/local-log";
import { reloadOnceForChunk } from "./chunk-reload";
import { isChunkLoadError } from "../lib/lazy";

/** Shows "App Update Available" once; Refresh Now runs `refresh` (by default, a reload). */
export function showUpdateBanner(refresh: () => void = () => window.location.reload()): void {
  if (document.getElementById("update-banner")) return;
  const host = document.createElement("div");
  host.id = "update-banner";
  document.body.append(host);
  const root = createRoot(host);
  const dismiss = () => {
    root.unmount();
    host.remove();
  };
  root.render(
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-[200] flex items-center justify-center gap-3 bg-primary p-3 text-primary-foreground"
    >
      <strong>App Update Available</strong>
      <Button size="sm" variant="secondary" onClick={refresh}>
        Refresh Now
      </Button>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </div>,
  );
  setTimeout(dismiss, UPDATE_BANNER_AUTO_DISMISS_MS);
}

function handle(error: unknown): void {
  if (isChunkLoadError(error)) {
    if (!reloadOnceForChunk()) showUpdateBanner();
    return;
  }
  logError(error);
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener("error", (event) => handle(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => handle(event.reason));
  // No "vite:preloadError" listener: cancelling that event makes a failed import() resolve to
  // undefined, and reloading there would cut short the route's own retries (lazy-route.tsx).
  // A chunk error nothing handled arrives here as an unhandled rejection.
}
