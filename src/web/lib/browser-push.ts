// This browser's side of push: whether it can, asking for permission, and subscribing with the
// server's public key through the service worker's pushManager. Every refusal becomes a
// sentence the card shows. Turning it off is also part of signing out.
import { apiFetch, ApiRequestError } from "./api-client";

export class BrowserPushError extends Error {}

const WORKER_WAIT_MS = 10_000;
const NO_WORKER =
  "Push needs the app's background worker, which is not running in this tab yet. Reload the page and try again.";
const BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.";
const NOT_ALLOWED = "Notifications were not allowed. Turn the switch on again to be asked again.";

/** Null when this browser can receive push; otherwise why not, in a sentence. */
export function explainNoPush(): string | null {
  if (typeof window === "undefined") return "Push is not available here.";
  if (!window.isSecureContext) {
    return "Push works only over a secure (https) connection to this server.";
  }
  const isAppleMobile = /iPhone|iPad|iPod/.test(navigator.userAgent);
  if (
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return isAppleMobile
      ? "On an iPhone or iPad, add this app to your Home Screen (Share → Add to Home Screen) and open it from there to turn on notifications."
      : "This browser cannot show push notifications. Try a current version of Chrome, Edge, Firefox or Safari.";
  }
  return null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function isSameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const have = new Uint8Array(current);
  return have.length === wanted.length && have.every((byte, i) => byte === wanted[i]);
}

async function findRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (explainNoPush()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

// Subscribing needs an active worker: one still installing (a first visit) is waited for.
async function findActiveRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || registration.active) return registration;
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's push subscription for this site, if it has one. */
export async function findBrowserSubscription(): Promise<PushSubscription | null> {
  const registration = await findRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission and subscribes; resolves with the PushSubscription JSON to save. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const reason = explainNoPush();
  if (reason) throw new BrowserPushError(reason);
  if (Notification.permission === "denied") throw new BrowserPushError(BLOCKED);
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new BrowserPushError(BLOCKED);
  if (permission !== "granted") throw new BrowserPushError(NOT_ALLOWED);
  const registration = await findActiveRegistration();
  if (!registration) throw new BrowserPushError(NO_WORKER);
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be reused.
  if (existing && !isSameKey(existing.options.applicationServerKey, applicationServerKey)) {
    await existing.unsubscribe();
  }
  try {
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
    return subscription.toJSON();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new BrowserPushError(
      `This browser could not turn on push notifications (${detail}). Try again later, or use another browser.`,
    );
  }
}

/** Unsubscribes this browser; resolves with the endpoint it had, for the server to forget. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await findBrowserSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}

/** Unsubscribes this browser and has the server forget it. */
export async function turnOffPush(): Promise<void> {
  const endpoint = await unsubscribeBrowser();
  if (!endpoint) return;
  try {
    await apiFetch("/api/push/subscriptions", { method: "DELETE", body: { endpoint } });
  } catch (error) {
    // Already removed from the list (Remove, or the push service said it was gone).
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
  }
}
