// The landing page's links into the app. /auth opens on the tab a link names (spec 02 §2:
// Login and Sign Up carry show=login or show=signup in the navigation state), which a plain
// link cannot carry: `landingLinkTarget` reads where a click goes, and whoever shows the page
// follows it: the app with its router, the static page by a full load.
import type { AnchorHTMLAttributes } from "react";
import { AUTH_SIGNUP_PATH } from "../../../../core/app-paths";

export type AuthTab = "login" | "signup";
export type LandingLinkTarget = { to: string; state?: { show: AuthTab } };

const AUTH_SHOW_ATTRIBUTE = "data-auth-show";

export function AuthLink({
  show,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { show?: AuthTab }) {
  const href = show === "signup" ? AUTH_SIGNUP_PATH : "/auth";
  return <a href={href} {...{ [AUTH_SHOW_ATTRIBUTE]: show }} {...props} />;
}

/** Where a click on an in-app link goes; null for anything the browser should do itself. */
export function landingLinkTarget(event: MouseEvent): LandingLinkTarget | null {
  const isPlainClick =
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey;
  if (!isPlainClick || !(event.target instanceof Element)) return null;
  const link = event.target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target) return null;
  if (!link.getAttribute("href")?.startsWith("/") || link.origin !== window.location.origin)
    return null;
  const show = link.getAttribute(AUTH_SHOW_ATTRIBUTE);
  const to = link.pathname + link.search + link.hash;
  return show === "login" || show === "signup" ? { to, state: { show } } : { to };
}
