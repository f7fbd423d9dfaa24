// Access gating for /app (spec 02 §4): a session is required; the subscription status must be
// known and not none; onboarding comes first. A failing settings read is not a missing session:
// the user stays in the app (use-gate-session.ts).
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PageSpinner } from "../components/ui/spinner";
import { useSubscriptionStatus } from "../lib/session/use-subscription-status";
import { useGateSession } from "./use-gate-session";

export function isOnboardingPath(pathname: string): boolean {
  return pathname === "/onboarding" || pathname.startsWith("/app/onboarding");
}

export function AppGate() {
  const location = useLocation();
  const gate = useGateSession();
  const { status } = useSubscriptionStatus(gate.userId);
  if (gate.isUnreachable) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16">
        <h1 className="mb-4 text-2xl font-semibold">Connection problem</h1>
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>We could not reach the server to load your account.</span>
          <Button variant="outline" onClick={gate.retry}>
            Try again
          </Button>
        </Alert>
      </main>
    );
  }
  if (gate.session === "loading") return <PageSpinner />;
  // Onboarding paths are let through signed out (spec 02 §2): the page itself polls for the
  // session a single sign-on or email link is bringing back, and otherwise says "You must be
  // logged in to complete onboarding" with a way to sign in.
  if (gate.session === "none" && !isOnboardingPath(location.pathname)) {
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  // The subscription rules run in AccessGate (app/access-gate.tsx); until they have decided,
  // and while a user without a subscription is being sent to /subscribe, show no paid page.
  if (!isOnboardingPath(location.pathname) && (status === null || status === "none")) {
    return <PageSpinner />;
  }
  if (gate.onboarding === "incomplete" && !isOnboardingPath(location.pathname)) {
    return <Navigate to="/app/onboarding" replace />;
  }
  // Onboarding "error" (settings unreadable): on /app paths the user simply stays.
  return <Outlet />;
}
