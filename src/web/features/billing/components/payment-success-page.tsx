// /payment-success?session_id= (spec 01 §4, §8, §9): confirm the payment, then onboarding or
// contacts; signed out → /account-creation; not confirmed → 'Subscription Processing...'.
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Me } from "../../../../core/account";
import {
  TRIAL_PROVIDER,
  type BillingRow,
  type BillingStatusResponse,
} from "../../../../core/billing";
import { isPaymentConfirmed } from "../../../../core/subscription";
import { ONBOARDING_UNREADABLE_MESSAGE } from "../../../lib/access-gating";
import { Card, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../lib/toast";
import { sleep } from "../../../lib/utils";
import { useProductName } from "../../../lib/session/get-config";
import { getMe, ME_QUERY_KEY } from "../../../lib/session/get-me";
import { getBillingStatus } from "../../../lib/session/get-billing-status";
import { linkSubscription } from "../api/link-subscription";
import { confirmPayment, pathAfterPayment } from "../hooks/confirm-payment";
import { useRefreshSubscriptionStatus } from "../../../lib/session/use-subscription-status";

// How long an error stays readable before the page moves on.
const ERROR_REDIRECT_DELAY_MS = 2000;

const LINKING_ERROR = {
  title: "Subscription Linking Error",
  description: "There was an issue linking your subscription. Please contact support.",
};

type Phase = "checking" | "linking" | "confirming" | "confirmed" | "failed";

const HEADINGS: Record<Phase, { title: string; text: string }> = {
  checking: { title: "Confirming your payment...", text: "This only takes a moment." },
  linking: {
    title: "Linking your subscription...",
    text: "Connecting your payment to your account.",
  },
  confirming: {
    title: "Confirming your subscription...",
    text: "Waiting for the payment to be confirmed. This can take a few seconds.",
  },
  confirmed: {
    title: "Payment successful!",
    text: "Your subscription is now active. Taking you to your account...",
  },
  failed: {
    title: "We couldn't confirm your payment",
    text: "Taking you back to the plan page...",
  },
};

/**
 * The row that confirms a payment: paid during the trial, the trial stays the current row until
 * it ends, and the paid plan waiting behind it is what the payment made.
 */
function paidRowOf(status: BillingStatusResponse): BillingRow | null {
  const paid = status.subscriptions.find(
    (s) => s.provider !== TRIAL_PROVIDER && isPaymentConfirmed(s.status),
  );
  if (!paid) return status.billingStatus;
  return {
    subscriptionStatus: paid.status,
    currentPeriodEnd: paid.currentPeriodEnd,
    cancelAtPeriodEnd: paid.cancelAtPeriodEnd,
    isTrial: false,
    provider: paid.provider,
    updatedAt: paid.updatedAt,
  };
}

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshStatus = useRefreshSubscriptionStatus();
  const appName = useProductName();
  const [phase, setPhase] = useState<Phase>("checking");
  const hasStarted = useRef(false);
  const sessionId = params.get("session_id");

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const fail = async (title: string, description?: string) => {
      setPhase("failed");
      toast({ title, description, variant: "destructive" });
      await sleep(ERROR_REDIRECT_DELAY_MS);
      await navigate("/subscribe", { replace: true });
    };
    void (async () => {
      const outcome = await confirmPayment(sessionId, {
        isSignedIn: async () => Boolean(await getMe().catch(() => null)),
        link: linkSubscription,
        readStatus: async () => paidRowOf(await getBillingStatus()),
        sleep,
        onPhase: setPhase,
        // Shown the moment linking fails and kept up while the page goes on checking, so it is
        // read before the final answer ('Success!' or 'Subscription Processing...') replaces
        // it: one toast at a time, in sequence.
        onLinkFailed: () =>
          toast({ ...LINKING_ERROR, variant: "destructive", duration: Number.POSITIVE_INFINITY }),
      });
      switch (outcome.kind) {
        case "no-session-id":
          return fail("No subscription session found. Please subscribe first.");
        case "signed-out":
          return navigate(`/account-creation?session_id=${encodeURIComponent(outcome.sessionId)}`, {
            replace: true,
          });
        case "invalid-session":
          return fail("Invalid session. Please try subscribing again.");
        case "link-refused":
          return fail(LINKING_ERROR.title, LINKING_ERROR.description);
        case "not-confirmed":
          return fail(
            "Subscription Processing...",
            "We couldn't confirm your subscription after checkout. Please check back in a few moments or contact support if the issue persists.",
          );
        case "confirmed": {
          setPhase("confirmed");
          await refreshStatus();
          await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
          toast({
            title: "Success!",
            description: `Your subscription is now active. Welcome to ${appName}!`,
            variant: "success",
          });
          let me: Me | null;
          try {
            me = await getMe();
          } catch {
            // Paid, but where to go next is unknown (spec 01 §8): let the success be read,
            // then say why the user lands on contacts rather than onboarding.
            await sleep(ERROR_REDIRECT_DELAY_MS);
            toast({ title: ONBOARDING_UNREADABLE_MESSAGE, variant: "destructive" });
            return navigate("/app/contacts", { replace: true });
          }
          return navigate(pathAfterPayment(me), { replace: true });
        }
      }
    })();
    // Runs once per visit; the session id is read from the first render's URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const heading = HEADINGS[phase];
  return (
    <main className="mx-auto flex max-w-lg items-center px-4 py-16">
      <Card className="w-full text-center">
        <CardHeader className="items-center">
          {phase === "confirmed" ? (
            <CheckCircle2 className="size-12 text-success" aria-hidden />
          ) : phase === "failed" ? null : (
            <Spinner className="size-10 text-primary" label={heading.title} />
          )}
          <h1 className="text-2xl font-semibold">{heading.title}</h1>
          <CardDescription aria-live="polite">{heading.text}</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
