// Access gating for /app (spec 02 §4): a session is required; the subscription status must be
// known and not none; onboarding comes first.
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { useMe } from "../features/account/api/get-me";
import { useSubscriptionStatus } from "../features/billing/hooks/use-subscription-status";

export function isOnboardingPath(pathname: string): boolean {
  return pathname === "/onboarding" || pathname.startsWith("/app/onboarding");
}

export function AppGate() {
  const location = useLocation();
  const { data: me, isPending, isError } = useMe();
  const { status } = useSubscriptionStatus(me?.user.id ?? null);
  if (isPending) return <PageSpinner />;
  if (!me) {
    if (isError) return <Navigate to="/auth" replace />;
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  // The subscription rules run in AccessGate (app/access-gate.tsx); until they have decided,
  // and while a user without a subscription is being sent to /subscribe, show no paid page.
  if (!isOnboardingPath(location.pathname) && (status === null || status === "none")) {
    return <PageSpinner />;
  }
  if (!me.settings.onboardingCompleted && !isOnboardingPath(location.pathname)) {
    return <Navigate to="/app/onboarding" replace />;
  }
  return <Outlet />;
}
