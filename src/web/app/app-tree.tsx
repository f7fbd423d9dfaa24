// The app as React renders it: in the browser (main.tsx), and at build time for the pages that
// are prerendered (scripts/prerender.mjs), so both give one tree and hydration matches it.
import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { RouterProvider, type createBrowserRouter } from "react-router";
import { AppErrorBoundary } from "./error-boundary";
import { Providers } from "./providers";

export function AppTree({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>
  );
}
