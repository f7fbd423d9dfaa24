// The server's renderer of the signed-in contact list, built by Vite as a module of
// its own (dist/web-ssr) and loaded by the server the first time it renders a page. It renders the
// app's own tree, on a memory router at the page's path, from the answers the server read for the
// signed-in user, exactly as the browser's first render draws it from the same answers, so the
// browser can hydrate the markup instead of drawing it again.
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { AppTree } from "./app/app-tree";
import { appRoutes, waitForRouter } from "./app/router";
import type { FirstReads } from "../core/prerendered-pages";
import { isPageShownFromCache, primeFirstReads } from "./app/server-rendered-page";
import { setDateLocale } from "./lib/format-date";
import { createQueryClient } from "./lib/query-client";
import { renderServedConfig } from "./lib/session/get-config";

/** The markup of #root for `pathname`, or null when the access gate would not show the page. */
export async function renderSignedInPage(
  pathname: string,
  reads: FirstReads,
  served: { productName: string; trialDays: number },
  /** The browser's language (its first Accept-Language), which the page's dates follow. */
  language?: string,
): Promise<string | null> {
  // The words the page's head gives the browser, not markers filled in later:
  // a marker in someone's contact would be filled in too.
  renderServedConfig(served);
  const queryClient = createQueryClient();
  try {
    primeFirstReads(queryClient, reads);
    if (!(await isPageShownFromCache(queryClient, pathname))) return null;
    const router = createMemoryRouter(appRoutes(), { initialEntries: [pathname] });
    try {
      await waitForRouter(router);
      // Set just before the render, which runs at once: no other page renders in between.
      setDateLocale(language);
      return renderToString(<AppTree queryClient={queryClient} router={router} />);
    } finally {
      router.dispose();
    }
  } finally {
    queryClient.clear();
  }
}
