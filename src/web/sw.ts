// The service worker: keeps the app shell and every built file, so the installed app opens from
// its own copy and reads offline (docs/decisions/0281). A new version waits until the page asks
// it to take over ("Refresh Now" on the App Update Available banner).
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import type { PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { SKIP_WAITING_MESSAGE } from "../core/service-worker";
import { installPushHandlers, type PushScope } from "./sw-push";

// The worker's global scope, as far as this file uses it (the project's TypeScript program has
// the DOM's types, not the worker's).
declare const self: typeof globalThis & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page of the signed-in app opens from the kept shell, which reads its data from the device's
// copy and then the network. Nothing else is answered by the worker: the API, CardDAV, MCP, the
// sign-in callbacks and the public pages always reach the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), { allowlist: [/^\/app(\/|$)/] }),
);

self.addEventListener("message", (event: MessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Push reminders: the notification, its actions and what a tap opens (sw-push.ts).
installPushHandlers(self as unknown as PushScope);

// The first version controls the page that installed it at once; later ones take over only when
// asked (skipWaiting), and then control every open page.
clientsClaim();
