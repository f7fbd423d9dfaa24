// Registers the service worker (src/web/sw.ts) in the built app. A new version it finds waits:
// the person is offered "App Update Available" (spec 02 §8), and Refresh Now lets the new
// worker take over, then reloads the page onto the new version.
import { Workbox } from "workbox-window";
import { SERVICE_WORKER_URL } from "../../core/service-worker";
import { showUpdateBanner } from "./global-errors";

/** How often an app left open asks whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    showUpdateBanner(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // Offline, or the server away for a moment: the check is made again later.
  const checkForUpdate = () => void workbox.update().catch(() => {});
  void workbox.register().then(
    () => {
      setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") checkForUpdate();
      });
    },
    // A browser that refuses workers (a private mode, a locked-down profile) runs the app as a
    // plain page.
    () => {},
  );
}
