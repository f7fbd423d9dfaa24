// Access gating (spec 02 §4) for every path, after each session, subscription or path change:
// the rules are core/access-gating's decideAccess; this component feeds it and redirects, with
// the spec's 2 s wait for a loading status and 100 ms redirect flag.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { decideAccess, ONBOARDING_UNREADABLE_MESSAGE } from "../lib/access-gating";
import { GATING_SUBSCRIPTION_WAIT_MS, REDIRECT_FLAG_RESET_MS } from "../../core/constants";
import {
  subscriptionStatusCache,
  useRefreshSubscriptionStatus,
  useRevalidateSubscriptionStatus,
  useSubscriptionStatus,
} from "../lib/session/use-subscription-status";
import { ApiRequestError } from "../lib/api-client";
import { toast } from "../lib/toast";
import { useGateSession } from "./use-gate-session";

function isPaymentRequired(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 402;
}

export function AccessGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, onboarding, userId } = useGateSession();
  const { status } = useSubscriptionStatus(userId);
  const refreshStatus = useRefreshSubscriptionStatus();
  const [waitedForUser, setWaitedForUser] = useState<string | null>(null);
  const isRedirecting = useRef(false);

  // The cache is cleared when the session changes (spec 01 §4).
  useEffect(() => subscriptionStatusCache.setSessionUser(userId), [userId]);

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
    const decision = decideAccess({
      pathname,
      session,
      onboarding,
      subscription: status,
      hasWaitedForSubscription: hasWaited,
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
    void navigate(decision.to, { replace: true });
  }, [pathname, session, onboarding, status, hasWaited, navigate]);

  return null;
}
