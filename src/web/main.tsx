import { onlineManager } from "@tanstack/react-query";
import { startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { APP_RENDER_TIMEOUT_MS } from "../core/constants";
import {
  PRERENDERED_ATTRIBUTE,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_USER_ATTRIBUTE,
} from "../core/prerendered-pages";
import { AppTree } from "./app/app-tree";
import { holdUntilHydrated } from "./app/held-until-hydrated";
import { canHydratePrerendered } from "./app/prerendered-page";
import { createRouter, waitForRouter } from "./app/router";
import { installGlobalErrorHandlers } from "./app/global-errors";
import { registerServiceWorker } from "./app/service-worker";
import { isSignedInPage, preloadSignedInPage } from "./app/preload";
import { awaitFirstReads, isPageShownFromCache } from "./app/server-rendered-page";
import { createQueryClient } from "./lib/query-client";
import { persistQueryCache, queryCachePersister } from "./lib/persisted-query-cache";
import { getMe, ME_QUERY_KEY } from "./lib/session/get-me";
import { logError } from "./lib/local-log";
import { sleep } from "./lib/utils";
import "./styles.css";

// App start (spec 02 §4): render once the first answer about the session arrives (signed in or
// out, or a failure), or after 2 s if none has (10 s on a page prerendered for a visitor without
// a session: it shows already). Until then the prerendered page stays. A
// signed-in page (/app) renders at once instead: its layout and a skeleton of the page paint
// while the session, the subscription status and the page's data are read side by side; the
// access gate shows no paid page before they allow it.
/** Resolves with whether the page opens from the device's copy. */
async function waitForFirstAuthAnswer(
  queryClient: ReturnType<typeof createQueryClient>,
): Promise<boolean> {
  const { pathname, search } = window.location;
  if (isSignedInPage(pathname)) {
    // A page the server rendered has its answers, fresher than the device's copy.
    const userId = hasMarkup ? null : await openDeviceCopy(queryClient);
    persistQueryCache(queryClient, queryCachePersister, userId);
    preloadSignedInPage(queryClient, pathname + search);
    return userId !== null;
  }
  persistQueryCache(queryClient, queryCachePersister, null);
  const firstAnswer = queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
  // A prerendered page has painted already: it waits for the answer itself, so
  // that a slow one does not replace the page with a render that knows less than it shows.
  // A read that never ends still lets the page come alive after PRERENDERED_SESSION_WAIT_MS.
  const isPrerendered = root?.getAttribute(PRERENDERED_ATTRIBUTE) === pathname && search === "";
  const wait = isPrerendered ? PRERENDERED_SESSION_WAIT_MS : APP_RENDER_TIMEOUT_MS;
  await Promise.race([firstAnswer, sleep(wait)]);
  return false;
}

const PRERENDERED_SESSION_WAIT_MS = 10_000;

/** IndexedDB answers in milliseconds; a page never waits longer than this for it. */
const DEVICE_COPY_WAIT_MS = 500;

/**
 * The signed-in user's copy of their reads on this device, put into the cache before the first
 * render so the page shows it at once and then asks the server again; their id, or null.
 */
async function openDeviceCopy(queryClient: ReturnType<typeof createQueryClient>) {
  // index.html began the read while this code loaded.
  const early = window.tendDeviceCopy;
  const restored = (
    early
      ? early.then((read) => queryCachePersister.restoreRead(queryClient, read))
      : queryCachePersister.restore(queryClient)
  ).catch(() => null);
  return Promise.race([restored, sleep(DEVICE_COPY_WAIT_MS).then(() => null)]);
}

/** Calls `onHydrated` once its children (and their effects) are live. Renders no element. */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

// An error no boundary caught leaves an empty page: say so ("Render Error", spec 02 §8).
function showRenderError(element: HTMLElement, error: unknown): void {
  logError(error);
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.style.padding = "1rem";
  message.textContent = `Render Error: ${error instanceof Error ? error.message : String(error)}`;
  element.replaceChildren(message);
}

const root = document.getElementById("root");
const hasMarkup =
  root?.hasAttribute(PRERENDERED_ATTRIBUTE) || root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
if (!root) {
  window.alert("Render Error: the page is missing its root element.");
} else {
  installGlobalErrorHandlers();
  registerServiceWorker();
  // Opened offline, reads wait for the network instead of failing (TanStack Query assumes
  // online until the browser says otherwise).
  onlineManager.setOnline(navigator.onLine);
  const queryClient = createQueryClient();
  const onUncaughtError = (error: unknown) => showRenderError(root, error);
  const release = hasMarkup ? holdUntilHydrated(root) : () => {};
  // The first reads leave first, in a task of their own once the entry's modules have run; the
  // router (matching and ranking the route table, starting the page's code) is built in the next
  // one, so on a slow phone none of the three makes one long task with another.
  const firstAnswer = sleep(0).then(() => waitForFirstAuthAnswer(queryClient));
  const routerReady = sleep(0).then(createRouter);
  void Promise.all([firstAnswer, routerReady]).then(async ([isFromCopy, router]) => {
    const app = <AppTree queryClient={queryClient} router={router} />;
    const { pathname, search } = window.location;
    const hydrate = async () => {
      // The page stays as it arrived while its route's code loads; React then takes over its
      // markup instead of drawing it again.
      await waitForRouter(router);
      // A wrapper with one child leaves the tree's ids (useId) as the server made them.
      const onHydrated = () => release(true);
      // As a transition, React takes the markup over in slices of a few milliseconds with the
      // main thread free between them, not in one long task a press would wait behind;
      // presses are held until it is done.
      startTransition(() => {
        hydrateRoot(root, <Hydrated onHydrated={onHydrated}>{app}</Hydrated>, {
          onUncaughtError,
        });
      });
    };
    // The contact list the server rendered for this user: hydrated once the
    // browser's own reads are in and let the page show as the server drew it; otherwise (another
    // user signed in meanwhile, a read failed, the subscription ended) drawn afresh.
    if (root.getAttribute(SERVER_RENDERED_ATTRIBUTE) === pathname && search === "") {
      const userId = await awaitFirstReads(queryClient);
      const isSame =
        userId !== null &&
        userId === root.getAttribute(SERVER_RENDERED_USER_ATTRIBUTE) &&
        (await isPageShownFromCache(queryClient, pathname));
      if (isSame) return hydrate();
      release(false);
      createRoot(root, { onUncaughtError }).render(app);
      return;
    }
    const page = {
      pathname,
      search,
      state: window.history.state as unknown,
      me: queryClient.getQueryData(ME_QUERY_KEY),
      isMeFailed: queryClient.getQueryState(ME_QUERY_KEY)?.status === "error",
    };
    if (!canHydratePrerendered(root, page)) {
      // Opened from the copy, the first paint is the page with it rather than a skeleton while
      // the page's code (kept on the device too) loads.
      if (isFromCopy) await Promise.race([waitForRouter(router), sleep(DEVICE_COPY_WAIT_MS)]);
      release(false);
      createRoot(root, { onUncaughtError }).render(app);
      return;
    }
    // The prerendered page.
    await hydrate();
  });
}
