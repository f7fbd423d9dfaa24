// /verify-email: verifying → verified → redirect after 0.5 s, or the manual wait screen; failures
// go to /auth with their category (spec 01 §2, §4).
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, MailOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { readVerificationParams } from "../lib/verification";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../lib/toast";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { useRefreshSubscriptionStatus } from "../../../lib/session/use-subscription-status";
import { completeVerification } from "../hooks/complete-verification";

type ViewState = "verifying" | "verified" | "error" | "wait";

export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshSubscriptionStatus = useRefreshSubscriptionStatus();
  const [view, setView] = useState<ViewState>("verifying");
  const hasStarted = useRef(false);

  useEffect(() => {
    // A verification token works once: never run the sequence twice for one visit.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void completeVerification(readVerificationParams(location.search, location.hash), {
      setView,
      navigate: (to) => void navigate(to, { replace: true }),
      notify: (input) => void toast(input),
      refreshSubscriptionStatus,
      storeMe: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
      reloadMe: () => void queryClient.resetQueries({ queryKey: ME_QUERY_KEY }),
    });
  }, [location.search, location.hash, navigate, queryClient, refreshSubscriptionStatus]);

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
