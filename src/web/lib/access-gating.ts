// Access gating, spec 02 §4, as one pure decision: given where the user is and what is known
// about their session, onboarding and subscription, where (if anywhere) to send them.
// Additions to the spec's path lists: docs/decisions/041-access-gating-paths.md.
import type { SubscriptionStatus } from "../../core/subscription";

/** Spec 01 §8, "Onboarding status unreadable": shown when that sends the user to contacts. */
export const ONBOARDING_UNREADABLE_MESSAGE =
  "Could not verify onboarding status. Redirecting to contacts.";

export type GateInput = {
  pathname: string;
  session: "loading" | "none" | "present";
  /** onboarding_completed as read from the user's settings. */
  onboarding: "loading" | "complete" | "incomplete" | "error";
  /** null while the subscription status is loading. */
  subscription: SubscriptionStatus | null;
  /** True once the status has been loading for the 2 s the spec allows. */
  hasWaitedForSubscription: boolean;
  /** On /auth: the /app page that sent the signed-out user there (signInReturnPath). */
  returnTo?: string | null;
};

export type GateDecision = {
  to: string;
  notice?: "already-subscribed" | "onboarding-unreadable";
} | null;

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

// /notifications, the target of "View all notifications" (spec 02 §2), is /app/notifications
// under another name, and /map is /app/map: gated like the app, not bounced to
// /app/contacts as a public page.
export function isAppPath(pathname: string): boolean {
  return isUnder(pathname, "/app") || pathname === "/notifications" || pathname === "/map";
}

/** Everything outside /app is public (spec 02 §2); the OAuth callback is its own route. */
export function isPublicPath(pathname: string): boolean {
  return !isAppPath(pathname);
}

// `next` is honoured only as a path inside /app on this origin, so a verification link cannot
// send anyone to another site.
export function readSafeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  const base = "http://tend.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname !== "/app" && !url.pathname.startsWith("/app/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The /app page (with its query) a signed-out user was sent to /auth from, kept in the /auth
 * location's state by the gate: where signing in there leads, instead of the contact list. Null
 * for anything else (readSafeNextPath's rule), so a crafted state cannot send anyone off the app.
 */
export function signInReturnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" ? readSafeNextPath(from) : null;
}

export function isOnboardingPath(pathname: string): boolean {
  return isUnder(pathname, "/onboarding") || isUnder(pathname, "/app/onboarding");
}

// "The check is skipped on the OAuth callback, payment-success, onboarding and
// account-creation paths", plus /verify-email and our local /checkout page, and
// the forgotten-password pages: a reset link opened where someone is signed in still works. The
// privacy notice and the terms are for everyone, signed in or not.
export function isGateSkipped(pathname: string): boolean {
  return (
    isUnder(pathname, "/auth/oauth-callback") ||
    isUnder(pathname, "/payment-success") ||
    isOnboardingPath(pathname) ||
    isUnder(pathname, "/account-creation") ||
    isUnder(pathname, "/verify-email") ||
    isUnder(pathname, "/checkout") ||
    pathname === "/forgot-password" ||
    pathname === "/reset-password" ||
    pathname === "/privacy" ||
    pathname === "/terms"
  );
}

// Where a user without a subscription may stay instead of being sent to /subscribe.
function isAllowedWithoutSubscription(pathname: string): boolean {
  return (
    pathname === "/auth" ||
    isOnboardingPath(pathname) ||
    isUnder(pathname, "/account-creation") ||
    isUnder(pathname, "/payment-success") ||
    pathname === "/subscribe" ||
    isUnder(pathname, "/onboarding-success")
  );
}

export function decideAccess(input: GateInput): GateDecision {
  const { pathname } = input;
  if (isGateSkipped(pathname)) return null;
  if (input.session === "loading") return null;
  if (input.session === "none") return isPublicPath(pathname) ? null : { to: "/auth" };

  if (input.onboarding === "loading") return null;
  if (input.onboarding === "error") {
    return isAppPath(pathname) ? null : { to: "/app/contacts", notice: "onboarding-unreadable" };
  }

  const status = input.subscription;
  if (status === null) {
    const shouldGiveUpWaiting =
      input.hasWaitedForSubscription &&
      isPublicPath(pathname) &&
      pathname !== "/auth" &&
      pathname !== "/subscribe";
    return shouldGiveUpWaiting ? { to: "/subscribe" } : null;
  }

  if (status === "none") {
    return isAllowedWithoutSubscription(pathname) ? null : { to: "/subscribe" };
  }

  // "A signed-in user with an active subscription is redirected at once to /app/contacts": only
  // active. A user whose status could not be read stays on the plan page, so they can pay.
  if (status === "unknown" && pathname === "/subscribe") return null;

  // active, or unknown (a failed read lets the user through, spec 01 §4)
  if (input.onboarding === "incomplete") return { to: "/app/onboarding" };
  if (isPublicPath(pathname)) {
    // Back to the page that sent the user to sign in: the sign-in form goes there too, and the
    // two must agree whichever of them moves first.
    if (pathname === "/auth" && input.returnTo) return { to: input.returnTo };
    return pathname === "/subscribe"
      ? { to: "/app/contacts", notice: "already-subscribed" }
      : { to: "/app/contacts" };
  }
  return null;
}
