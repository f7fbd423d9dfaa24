import { useState, type MouseEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { DEFAULT_TRIAL_DAYS } from "../../core/constants";
import { readServedProductName } from "../../core/product-name";
import { readServedTrialDays, trialWording } from "../../core/trial-offer";
import { useConfig } from "../lib/session/get-config";
import { readTokenRedirect } from "../lib/token-redirect";
import { LandingPage } from "../features/billing/components/landing-page";
import { landingLinkTarget } from "../features/billing/components/landing-links";

// The name the server filled into the prerendered page, when the app started on it.
function readNameFromPage(): string | null {
  const meta = document.querySelector('meta[name="application-name"]');
  return readServedProductName(meta?.getAttribute("content"));
}

function readTrialDaysFromPage(): number | null {
  const meta = document.querySelector('meta[name="trial-days"]');
  return readServedTrialDays(meta?.getAttribute("content"));
}

// "/" reached inside the app (a link from another page): the landing page, its links followed by
// the router like any in-app link. Loading "/" itself gets the static page (src/web/app/landing.tsx).
export function LandingRoute() {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const [servedName] = useState(readNameFromPage);
  const [servedTrialDays] = useState(readTrialDaysFromPage);
  const trialDays = config?.trialDays ?? servedTrialDays ?? DEFAULT_TRIAL_DAYS;
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
      <LandingPage
        appName={config?.appName ?? servedName ?? undefined}
        trial={trialWording(trialDays)}
      />
    </div>
  );
}
