// What the pages and the service worker (src/web/sw.ts) agree on.

/** The message a page posts to a waiting worker to make it take over (workbox-window's). */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";

/** The worker's address; served never cached, so the browser sees a new version at once. */
export const SERVICE_WORKER_URL = "/sw.js";
