import { useState } from "react";
import { Navigate, useLocation } from "react-router";
import { DEFAULT_TRIAL_DAYS } from "../../core/constants";
import { readServedProductName } from "../../core/product-name";
import { readServedTrialDays, trialWording } from "../../core/trial-offer";
import { useConfig } from "../lib/session/get-config";
import { LandingPage } from "../features/billing/components/landing-page";

const TOKEN_KEYS = [
  "token_hash",
  "token",
  "confirmation_token",
  "verification_code",
  "access_token",
];

// "/" carrying a verification token (query or hash) goes to /verify-email, keeping token, type
// and email (spec 01 §2).
export function readTokenRedirect(search: string, hash: string): string | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const source = TOKEN_KEYS.some((k) => query.has(k))
    ? query
    : TOKEN_KEYS.some((k) => fragment.has(k))
      ? fragment
      : null;
  if (!source) return null;
  const kept = new URLSearchParams();
  for (const [key, value] of source) kept.set(key, value);
  return `/verify-email?${kept.toString()}`;
}

// The name the server filled into the prerendered page, so the first render matches it.
function readNameFromPage(): string | null {
  const meta = document.querySelector('meta[name="application-name"]');
  return readServedProductName(meta?.getAttribute("content"));
}

function readTrialDaysFromPage(): number | null {
  const meta = document.querySelector('meta[name="trial-days"]');
  return readServedTrialDays(meta?.getAttribute("content"));
}

// The landing page is imported eagerly (not lazily) so it replaces the prerendered HTML at once.
export function LandingRoute() {
  const { search, hash } = useLocation();
  const { data: config } = useConfig();
  const [servedName] = useState(readNameFromPage);
  const [servedTrialDays] = useState(readTrialDaysFromPage);
  const trialDays = config?.trialDays ?? servedTrialDays ?? DEFAULT_TRIAL_DAYS;
  const redirect = readTokenRedirect(search, hash);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <LandingPage
      appName={config?.appName ?? servedName ?? undefined}
      trial={trialWording(trialDays)}
    />
  );
}
