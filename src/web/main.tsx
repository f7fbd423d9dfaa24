import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { APP_RENDER_TIMEOUT_MS } from "../core/constants";
import { AppErrorBoundary } from "./app/error-boundary";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { installGlobalErrorHandlers } from "./app/global-errors";
import { isSignedInPage, preloadSignedInPage } from "./app/preload";
import { createQueryClient } from "./lib/query-client";
import { getMe, ME_QUERY_KEY } from "./lib/session/get-me";
import { logError } from "./lib/local-log";
import { sleep } from "./lib/utils";
import "./styles.css";

// App start (spec 02 §4): render once the first answer about the session arrives (signed in or
// out, or a failure), or after 2 s if none has. Until then the prerendered page stays. A
// signed-in page (/app) renders at once instead: its layout and a skeleton of the page paint
// while the session, the subscription status and the page's data are read side by side; the
// access gate shows no paid page before they allow it (decision 131).
async function waitForFirstAuthAnswer(queryClient: ReturnType<typeof createQueryClient>) {
  const { pathname, search } = window.location;
  if (isSignedInPage(pathname)) {
    preloadSignedInPage(queryClient, pathname + search);
    return;
  }
  const firstAnswer = queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
  await Promise.race([firstAnswer, sleep(APP_RENDER_TIMEOUT_MS)]);
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
if (!root) {
  window.alert("Render Error: the page is missing its root element.");
} else {
  installGlobalErrorHandlers();
  const queryClient = createQueryClient();
  const router = createRouter();
  void waitForFirstAuthAnswer(queryClient).then(() => {
    createRoot(root, { onUncaughtError: (error) => showRenderError(root, error) }).render(
      <StrictMode>
        <AppErrorBoundary>
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}
