import type { MouseEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useProductName, useTrialWording } from "../lib/session/get-config";
import { readTokenRedirect } from "../lib/token-redirect";
import { LandingPage } from "../features/billing/components/landing-page";
import { landingLinkTarget } from "../features/billing/components/landing-links";

// "/" reached inside the app (a link from another page): the landing page, its links followed by
// the router like any in-app link. Loading "/" itself gets the static page (src/web/app/landing.tsx).
export function LandingRoute() {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const appName = useProductName();
  const trial = useTrialWording();
  const redirect = readTokenRedirect(search, hash);
  if (redirect) return <Navigate to={redirect} replace />;

  function followInAppLink(event: MouseEvent) {
    const target = landingLinkTarget(event.nativeEvent);
    if (!target) return;
    event.preventDefault();
    void navigate(target.to, { state: target.state });
  }
  return (
    <div onClick={followInAppLink} className="contents">
      <LandingPage appName={appName} trial={trial} />
    </div>
  );
}
