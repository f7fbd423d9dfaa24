// Access gating (spec 02 §4), the one gate for every path. After each session, subscription or
// path change it applies lib/access-gating's decideAccess and redirects, with the spec's 2 s
// wait for a loading status and 100 ms redirect flag. Under /app it also decides what shows:
// until the session, subscription and onboarding allow the page, the signed-in layout paints at
// once with a skeleton of the page, never a paid page. A failing settings read
// is not a missing session: the user stays in the app (use-gate-session.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import {
  decideAccess,
  isOnboardingPath,
  signInReturnPath,
  ONBOARDING_UNREADABLE_MESSAGE,
} from "../lib/access-gating";
import { GATING_SUBSCRIPTION_WAIT_MS, REDIRECT_FLAG_RESET_MS } from "../../core/constants";
import { forgetOtherUsersStatus } from "../lib/session/subscription-cache";
import {
  useRefreshSubscriptionStatus,
  useRevalidateSubscriptionStatus,
  useSubscriptionStatus,
} from "../lib/session/use-subscription-status";
import { ApiRequestError } from "../lib/api-client";
import { toast } from "../lib/toast";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PageSpinner } from "../components/ui/spinner";
import { AppShellSkeleton } from "./app-shell-skeleton";
import { isFromEarlierVisit, useGateSession, type GateSession } from "./use-gate-session";

function isPaymentRequired(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 402;
}

function isUnderApp(pathname: string): boolean {
  return pathname === "/app" || pathname.startsWith("/app/");
}

export function AccessGate() {
  const location = useLocation();
  const { pathname, search } = location;
  const returnTo = signInReturnPath(location.state);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gate = useGateSession();
  const { session, onboarding, userId } = gate;
  const { status, entry: statusEntry } = useSubscriptionStatus(userId);
  // Opened from the device's copy (maybe another user's, or a status since changed): the page
  // may show from it, but redirects wait for the server's answers.
  const isFromDeviceCopy =
    gate.isFromDeviceCopy || (statusEntry !== null && isFromEarlierVisit(statusEntry.storedAt));
  const refreshStatus = useRefreshSubscriptionStatus();
  const [waitedForUser, setWaitedForUser] = useState<string | null>(null);
  const isRedirecting = useRef(false);

  // The cache is cleared when the session changes (spec 01 §4).
  useEffect(() => forgetOtherUsersStatus(queryClient, userId), [queryClient, userId]);

  // Each path change looks at the status again, through the cache: an answer past its lifetime
  // is read again even while the user only moves between /app pages.
  const revalidateStatus = useRevalidateSubscriptionStatus();
  useEffect(() => {
    if (userId) void revalidateStatus(userId);
  }, [pathname, userId, revalidateStatus]);

  const isStatusLoading = userId !== null && status === null;
  useEffect(() => {
    if (!isStatusLoading) return;
    const timer = setTimeout(() => setWaitedForUser(userId), GATING_SUBSCRIPTION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isStatusLoading, userId]);

  // A paid API answering 402 means our picture is out of date: read the status again.
  useEffect(() => {
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (
        event.type === "updated" &&
        event.action?.type === "error" &&
        isPaymentRequired(event.action.error)
      )
        void refreshStatus();
    };
    const stopQueries = queryClient.getQueryCache().subscribe(onEvent);
    const stopMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, refreshStatus]);

  const hasWaited = isStatusLoading && waitedForUser === userId;

  useEffect(() => {
    if (isFromDeviceCopy) return;
    const decision = decideAccess({
      pathname,
      session,
      onboarding,
      subscription: status,
      hasWaitedForSubscription: hasWaited,
      returnTo,
    });
    if (!decision || decision.to === pathname || isRedirecting.current) return;
    isRedirecting.current = true;
    setTimeout(() => {
      isRedirecting.current = false;
    }, REDIRECT_FLAG_RESET_MS);
    if (decision.notice === "already-subscribed") {
      toast({
        title: "You're already subscribed",
        description: "Your subscription is active, so there is nothing more to pay.",
      });
    } else if (decision.notice === "onboarding-unreadable") {
      toast({ title: ONBOARDING_UNREADABLE_MESSAGE, variant: "destructive" });
    }
    // Signed out inside the app: /auth brings the user back here after signing in.
    const state = decision.to === "/auth" ? { from: pathname + search } : undefined;
    void navigate(decision.to, { replace: true, state });
  }, [
    pathname,
    search,
    returnTo,
    session,
    onboarding,
    status,
    hasWaited,
    navigate,
    isFromDeviceCopy,
  ]);

  if (!isUnderApp(pathname)) return <Outlet />;
  if (gate.isUnreachable) return <ConnectionProblem retry={gate.retry} />;
  // Onboarding paths are let through signed out (spec 02 §2): the page itself polls for the
  // session a single sign-on or email link is bringing back, and otherwise says "You must be
  // logged in to complete onboarding" with a way to sign in.
  if (isOnboardingPath(pathname)) return session === "loading" ? <PageSpinner /> : <Outlet />;
  return isAppPageAllowed(gate, status) ? <Outlet /> : <AppShellSkeleton pathname={pathname} />;
}

/** Whether a paid /app page may show: signed in, a subscription that is not none, onboarded. */
function isAppPageAllowed(gate: GateSession, status: string | null): boolean {
  if (gate.session !== "present") return false;
  // Until the subscription rules have decided, and while a user without a subscription is
  // being sent to /subscribe, show no paid page.
  if (status === null || status === "none") return false;
  // Onboarding "error" (settings unreadable): on /app paths the user simply stays.
  return gate.onboarding !== "incomplete" && gate.onboarding !== "loading";
}

function ConnectionProblem({ retry }: { retry: () => void }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <h1 className="mb-4 text-2xl font-semibold">Connection problem</h1>
      <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
        <span>We could not reach the server to load your account.</span>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </Alert>
    </main>
  );
}
