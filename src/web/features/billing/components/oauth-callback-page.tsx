// /auth/oauth-callback (spec 02 §4): wait up to 15 s for the Google sign-in to give us a session,
// link a pending checkout (or start the trial of a new account), then /onboarding after 500 ms.
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { OAUTH_REDIRECT_DELAY_MS, OAUTH_TIMEOUT_MS } from "../../../../core/constants";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { forgetOAuthStart, readOAuthReturn } from "../../../lib/oauth-return";
import { every, repeatUntil } from "../../../lib/retry";
import { sleep } from "../../../lib/utils";
import { getMe, ME_QUERY_KEY } from "../../../lib/session/get-me";
import { createOnboardingSubscription, linkSubscription } from "../api/link-subscription";
import { useRefreshSubscriptionStatus } from "../../../lib/session/use-subscription-status";
import { clearPendingSessionId, readPendingSessionId } from "../hooks/pending-session";

const SESSION_POLL_MS = 500;

type Step = "processing" | "session" | "linking" | "redirecting";
const STEP_TEXT: Record<Step, string> = {
  processing: "Processing authentication...",
  session: "Establishing session...",
  linking: "Linking subscription...",
  redirecting: "Redirecting...",
};

// Until a deadline on the clock (not a count of polls): a slow answer uses up the time too.
async function waitForSession(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const { value } = await repeatUntil(
    () => getMe().catch(() => null),
    (me) => me !== null || Date.now() >= deadline,
    { attempts: Number.POSITIVE_INFINITY, delayMs: every(SESSION_POLL_MS) },
  );
  return value;
}

export function OAuthCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshStatus = useRefreshSubscriptionStatus();
  const [step, setStep] = useState<Step>("processing");
  const [failure, setFailure] = useState<string | null>(null);
  const [retrySessionId] = useState(() => readPendingSessionId());
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    // The stored post-login page is read once and the Google sign-in's marks cleared whatever
    // the outcome, so a later visit starts clean.
    const returnTo = readOAuthReturn();
    forgetOAuthStart();
    void (async () => {
      const url = new URL(window.location.href);
      const providerError = url.searchParams.get("error");
      if (providerError) {
        setFailure(
          providerError === "access_denied" || providerError === "signed_out"
            ? "Authentication failed. Please try again."
            : `Authentication error: ${url.searchParams.get("error_description") ?? providerError}`,
        );
        return;
      }
      setStep("session");
      const me = await waitForSession(OAUTH_TIMEOUT_MS);
      if (!me) {
        setFailure("Authentication timeout. Please try again.");
        return;
      }
      // Clean the URL of anything the provider left on it.
      window.history.replaceState(null, "", "/auth/oauth-callback");
      const pending = readPendingSessionId();
      setStep("linking");
      try {
        if (pending) await linkSubscription(pending);
        else await createOnboardingSubscription();
        if (pending) clearPendingSessionId();
      } catch (error) {
        setFailure(
          `Authentication error: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      await refreshStatus();
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      setStep("redirecting");
      await sleep(OAUTH_REDIRECT_DELAY_MS);
      // /onboarding as the spec says; a user who finished onboarding goes to the page they
      // signed in from (the onboarding guard would only send them on to /app/contacts).
      const isOnboarded = me.settings.onboardingCompleted;
      await navigate(isOnboarded && returnTo ? returnTo : "/onboarding", { replace: true });
    })();
  }, [navigate, queryClient, refreshStatus]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-md text-center">
        {failure ? (
          <>
            <CardHeader className="items-center">
              <AlertCircle className="size-12 text-destructive" aria-hidden />
              <h1 className="text-2xl font-semibold">Authentication Failed</h1>
              <CardDescription role="alert">{failure}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link
                  to={
                    retrySessionId
                      ? `/account-creation?session_id=${encodeURIComponent(retrySessionId)}`
                      : "/account-creation"
                  }
                >
                  Try Again
                </Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <CardHeader className="items-center">
            <Spinner className="size-10 text-primary" label={STEP_TEXT[step]} />
            <h1 className="text-xl font-semibold" aria-live="polite">
              {STEP_TEXT[step]}
            </h1>
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
