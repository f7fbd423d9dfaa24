// /verify-email: verifying → verified → redirect after 0.5 s, or the manual wait screen; failures
// go to /auth with their category (spec 01 §2, §4).
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, MailOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { VERIFY_REDIRECT_DELAY_MS } from "../../../../core/constants";
import { readVerificationParams } from "../../../../core/verification";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { logVerification } from "../../../lib/local-log";
import { sleep } from "../../../lib/utils";
import { ME_QUERY_KEY } from "../../account/api/get-me";
import { linkOrCreateSubscription, runVerification } from "../api/verify-email";

type ViewState = "verifying" | "verified" | "error" | "wait";

export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<ViewState>("verifying");
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const params = readVerificationParams(location.search, location.hash);
    void (async () => {
      const outcome = await runVerification(params);
      if (outcome.kind === "wait") {
        setView("wait");
        return;
      }
      if (outcome.kind === "failed" || outcome.kind === "no_session") {
        setView("error");
        navigate(
          outcome.kind === "no_session"
            ? "/auth?error=no_session"
            : `/auth?error=verification_failed&category=${outcome.category}`,
          { replace: true },
        );
        return;
      }
      setView("verified");
      if (params.type === "signup" || !params.token)
        await linkOrCreateSubscription(params.sessionId);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await sleep(VERIFY_REDIRECT_DELAY_MS);
      const target = outcome.me.settings.onboardingCompleted
        ? "/app/contacts"
        : "/app/onboarding?from=verification&initialStep=1&disableAutoAdvance=1";
      logVerification("redirect", target);
      navigate(target, { replace: true });
    })();
  }, [location.search, location.hash, navigate, queryClient]);

  return (
    <main className="mx-auto flex max-w-lg items-center px-4 py-16">
      <Card className="w-full text-center">
        {view === "verifying" ? (
          <CardHeader className="items-center">
            <Spinner className="size-10 text-primary" label="Verifying your email" />
            <h1 className="text-2xl font-semibold">Verifying your email...</h1>
            <CardDescription>This only takes a moment.</CardDescription>
          </CardHeader>
        ) : view === "verified" ? (
          <CardHeader className="items-center">
            <CheckCircle2 className="size-12 text-success" aria-hidden />
            <h1 className="text-2xl font-semibold">Email verified!</h1>
            <CardDescription>Taking you to your account...</CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader className="items-center">
              <MailOpen className="size-12 text-primary" aria-hidden />
              <h1 className="text-2xl font-semibold">Check your email</h1>
              <CardDescription>
                Open the confirmation link we sent you to verify your account.
              </CardDescription>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">
              When you click the link, a new tab will open for onboarding. You can close this one.
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
