// /auth and /subscribe arrive prerendered for a visitor without a session: the
// build renders them signed out, with no query and no navigation state, and the server sends
// that HTML only for the plain path without a session cookie. The browser hydrates it only when
// its own first render is sure to be the same; otherwise the app renders afresh, as before.
import { PRERENDERED_ATTRIBUTE } from "../../core/prerendered-pages";

/**
 * Whether the page's first render will match the prerendered markup in `root`: the markup is for
 * this path, there is no query (/auth shows a verification error from it), the navigation state
 * does not open the sign-up tab, and the session read has ended without a user: it said signed
 * out (`me` null) or failed (`isMeFailed`: the pages render signed out then too), not signed in
 * and not still under way.
 */
export function canHydratePrerendered(
  root: HTMLElement,
  page: { pathname: string; search: string; state: unknown; me: unknown; isMeFailed: boolean },
): boolean {
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) !== page.pathname) return false;
  const isSignedOut = page.me === null || (page.isMeFailed && page.me === undefined);
  if (page.search !== "" || !isSignedOut) return false;
  const usr = (page.state as { usr?: { show?: string } } | null)?.usr;
  return usr?.show !== "signup";
}
