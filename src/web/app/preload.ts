// What a signed-in page needs, asked for all at once: the
// session (/api/me), the subscription status (/api/billing/status) and, for the contact list,
// the list and the page's code, instead of one after the other (page code, then the session,
// then the status, then the list). The gate and the page then find the answers in the query
// cache, or join the reads still under way.
import type { QueryClient } from "@tanstack/react-query";
import { isOnboardingPath } from "../lib/access-gating";
import { preloadBillingStatus } from "../lib/session/get-billing-status";
import { fetchMe, ME_QUERY_KEY } from "../lib/session/get-me";
import { listContacts } from "../features/contacts/api/list-contacts";
import { contactListKey } from "../features/contacts/api/contacts-cache";

export function isSignedInPage(pathname: string): boolean {
  return (pathname === "/app" || pathname.startsWith("/app/")) && !isOnboardingPath(pathname);
}

function isContactListPage(pathname: string): boolean {
  return /^\/app(\/contacts)?\/?$/.test(pathname);
}

/** The code of the page at `pathname`, when it is the contact list (the page after sign-in). */
export function preloadPageCode(pathname: string): void {
  if (isContactListPage(pathname)) void import("../features/contacts/components/contacts-page");
}

/**
 * Starts the reads a signed-in page at `target` (a path with its query) needs. `withMe: false`
 * when the caller reads the session itself.
 */
export function preloadSignedInPage(
  queryClient: QueryClient,
  target: string,
  options: { withMe?: boolean } = {},
): void {
  const url = new URL(target, "http://tend.invalid");
  if (!isSignedInPage(url.pathname)) return;
  if (options.withMe ?? true)
    void queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });
  preloadBillingStatus(queryClient);
  preloadPageCode(url.pathname);
  if (isContactListPage(url.pathname)) {
    const archived = url.searchParams.get("archived") === "true";
    void queryClient.prefetchQuery({
      queryKey: contactListKey(archived),
      queryFn: () => listContacts({ archived }),
    });
  }
}
