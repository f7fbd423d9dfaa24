// The contact list arrives rendered by the server for a signed-in user: the
// server reads what the page's first render needs (the session, the subscription status and the
// list), renders the app's own tree with those answers in its query cache, and the browser
// hydrates that markup once its own reads of the same answers are in. Both sides decide with the
// functions here whether the page shows, so the server never renders a page the gate would not
// show, and the browser hydrates only markup its first render will match.
import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "../../core/account";
import type { FirstReads } from "../../core/prerendered-pages";
import { contactListKey } from "../features/contacts/api/contacts-cache";
import { listContacts } from "../features/contacts/api/list-contacts";
import { decideAccess } from "../lib/access-gating";
import { BILLING_STATUS_QUERY_KEY, getBillingStatus } from "../lib/session/get-billing-status";
import { fetchMe, ME_QUERY_KEY } from "../lib/session/get-me";
import { fetchSubscriptionStatus } from "../lib/session/use-subscription-status";

/** Puts the server's reads into a query cache, as the browser's own reads would. */
export function primeFirstReads(queryClient: QueryClient, reads: FirstReads): void {
  queryClient.setQueryData(ME_QUERY_KEY, reads.me);
  queryClient.setQueryData(BILLING_STATUS_QUERY_KEY, reads.billing);
  queryClient.setQueryData(contactListKey(false), reads.list);
}

/**
 * The browser's side: waits for the reads app start began (web/app/preload.ts) and returns the
 * signed-in user's id, or null when one of them failed or says something else than "signed in".
 */
export async function awaitFirstReads(queryClient: QueryClient): Promise<string | null> {
  try {
    const [me] = await Promise.all([
      queryClient.ensureQueryData({ queryKey: ME_QUERY_KEY, queryFn: fetchMe }),
      queryClient.ensureQueryData({
        queryKey: BILLING_STATUS_QUERY_KEY,
        queryFn: getBillingStatus,
      }),
      queryClient.ensureQueryData({
        queryKey: contactListKey(false),
        queryFn: () => listContacts({ archived: false }),
      }),
    ]);
    return me?.user.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the access gate shows the page at `pathname` with what the cache holds: a session,
 * onboarding done, a subscription that lets the user in, and no redirect. Reads the
 * subscription status from the cached billing answer into the cache, as the gate does.
 */
export async function isPageShownFromCache(
  queryClient: QueryClient,
  pathname: string,
): Promise<boolean> {
  const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
  if (!me || !queryClient.getQueryData(contactListKey(false))) return false;
  const onboarding = me.settings.onboardingCompleted ? "complete" : "incomplete";
  if (onboarding === "incomplete") return false;
  try {
    const status = (await fetchSubscriptionStatus(queryClient, me.user.id)).result.status;
    if (status !== "active") return false;
    return (
      decideAccess({
        pathname,
        session: "present",
        onboarding,
        subscription: status,
        hasWaitedForSubscription: false,
      }) === null
    );
  } catch {
    return false;
  }
}
