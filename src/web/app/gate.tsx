// Access gating for /app (spec 02 §4): a session is required; onboarding comes first.
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { useMe } from "../features/account/api/get-me";

export function isOnboardingPath(pathname: string): boolean {
  return pathname === "/onboarding" || pathname.startsWith("/app/onboarding");
}

export function AppGate() {
  const location = useLocation();
  const { data: me, isPending, isError } = useMe();
  if (isPending) return <PageSpinner />;
  if (!me) {
    if (isError) return <Navigate to="/auth" replace />;
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!me.settings.onboardingCompleted && !isOnboardingPath(location.pathname)) {
    return <Navigate to="/app/onboarding" replace />;
  }
  return <Outlet />;
}
