// Settings → Subscription: what the user has, what was paid, and how to change it. Stripe: the
// customer portal (the card, invoices, cancelling).
// Local: cancel at period end, and resume. A trial or no subscription: subscribe now.
import { useId, useState } from "react";
import { DAY_MS, PLAN_NAME, PLAN_PRICE_USD } from "../../../../core/constants";
import { formatCount } from "../../../../core/plural";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../lib/toast";
import { useBillingStatus } from "../../../lib/session/get-billing-status";
import { openBillingPortal, useSetCancelAtPeriodEnd } from "../api/manage-subscription";
import { formatDate } from "../../../lib/format-date";
import { useTimeZone } from "../../../lib/session/use-time-zone";
import { PaymentHistory } from "./payment-history";
import { SubscribeButton } from "./subscribe-button";

// The day an instant falls on in the user's zone, as their billing mails date it.
function dayOf(iso: string | null, timeZone: string): string {
  return iso ? formatDate(iso, { timeZone }) : "";
}

// "14 days left", counted in whole days up to the end of the trial.
function describeDaysLeft(end: string | null): string {
  const days = end ? Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / DAY_MS)) : 0;
  return `${formatCount(days, { one: "day", other: "days" })} left`;
}

/** Said before paying: subscribing during the trial keeps its days. */
function describePayingDuringTrial(end: string | null, timeZone: string): string {
  return `Subscribe now and keep your trial: the first $${PLAN_PRICE_USD} charge is on ${dayOf(end, timeZone)}, when it ends.`;
}

/** A plan paid for during the trial, waiting for the trial to end. */
function describeScheduledPlan(
  plan: { startsAt: string; cancelAtPeriodEnd: boolean },
  timeZone: string,
): string {
  const start = dayOf(plan.startsAt, timeZone);
  return plan.cancelAtPeriodEnd
    ? `You cancelled the plan that was to start on ${start}: nothing will be charged.`
    : `Your ${PLAN_NAME} ($${PLAN_PRICE_USD} USD/month) starts when the trial ends: first charge on ${start}.`;
}

export function ManageSubscriptionCard() {
  const { data, isPending, isError } = useBillingStatus();
  const setCancel = useSetCancelAtPeriodEnd();
  const [isOpeningPortal, setIsOpeningPortal] = useState(false);
  const titleId = useId();
  const timeZone = useTimeZone();

  async function changeCancel(cancel: boolean) {
    try {
      await setCancel.mutateAsync(cancel);
      toast({
        title: cancel ? "Subscription cancelled" : "Subscription resumed",
        description: cancel
          ? "You keep full access until the end of the period you paid for."
          : "Your subscription will renew as usual.",
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Error",
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    }
  }

  async function portal() {
    setIsOpeningPortal(true);
    try {
      await openBillingPortal();
    } catch (error) {
      setIsOpeningPortal(false);
      toast({
        title: "Error",
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    }
  }

  let content;
  if (isPending) content = <Spinner label="Loading your subscription" />;
  else if (isError || !data)
    content = <p className="text-sm text-destructive">Could not load your subscription.</p>;
  else {
    const row = data.billingStatus;
    const isPaid =
      row !== null && !row.isTrial && data.provider !== "off" && data.status === "active";
    const scheduled = data.scheduledPlan;
    // What the local Cancel / Resume buttons act on: the running plan or the waiting one.
    const plan = isPaid
      ? { cancelAtPeriodEnd: row.cancelAtPeriodEnd, end: row.currentPeriodEnd }
      : scheduled
        ? { cancelAtPeriodEnd: scheduled.cancelAtPeriodEnd, end: scheduled.startsAt }
        : null;
    content = (
      <div className="grid gap-4">
        {data.provider === "off" ? (
          <p className="text-sm">
            Billing is turned off on this server: your account has full access.
          </p>
        ) : row?.isTrial && data.status === "active" ? (
          <p className="text-sm">
            <Badge variant="secondary">Free trial</Badge> Your trial ends on{" "}
            {dayOf(row.currentPeriodEnd, timeZone)}: {describeDaysLeft(row.currentPeriodEnd)}.
          </p>
        ) : isPaid ? (
          <p className="text-sm">
            <Badge variant="success">Active</Badge> {PLAN_NAME}, ${PLAN_PRICE_USD} USD/month.{" "}
            {row.cancelAtPeriodEnd
              ? `Cancelled: access ends on ${dayOf(row.currentPeriodEnd, timeZone)}.`
              : row.currentPeriodEnd
                ? `Renews on ${dayOf(row.currentPeriodEnd, timeZone)}.`
                : ""}
          </p>
        ) : (
          <p className="text-sm">You have no active subscription.</p>
        )}
        {scheduled ? (
          <p className="text-sm" data-testid="scheduled-plan">
            {describeScheduledPlan(scheduled, timeZone)}
          </p>
        ) : data.provider !== "off" && row?.isTrial && data.status === "active" ? (
          <p className="text-sm text-muted-foreground" data-testid="trial-billing-note">
            {describePayingDuringTrial(row.currentPeriodEnd, timeZone)}
          </p>
        ) : null}
        {data.manage === "portal" ? (
          <p className="text-sm text-muted-foreground">
            Change your card, see your invoices or cancel on the payment provider&apos;s page.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {data.manage === "portal" ? (
            <Button variant="outline" onClick={portal} disabled={isOpeningPortal}>
              {isOpeningPortal ? "Opening..." : "Manage subscription"}
            </Button>
          ) : null}
          {data.manage === "local" && plan && !plan.cancelAtPeriodEnd ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={setCancel.isPending}>
                  Cancel subscription
                </Button>
              }
              title="Cancel your subscription?"
              description={
                isPaid
                  ? `You keep full access until ${dayOf(plan.end, timeZone)}. You can resume any time before then.`
                  : `Your plan will not start and nothing is charged: your trial still ends on ${dayOf(plan.end, timeZone)}. You can resume any time before then.`
              }
              confirmLabel="Cancel subscription"
              cancelLabel="Keep subscription"
              isDestructive
              onConfirm={() => void changeCancel(true)}
            />
          ) : null}
          {data.manage === "local" && plan?.cancelAtPeriodEnd ? (
            <Button onClick={() => void changeCancel(false)} disabled={setCancel.isPending}>
              Resume subscription
            </Button>
          ) : null}
          {data.provider !== "off" && !plan ? (
            <SubscribeButton>Subscribe now</SubscribeButton>
          ) : null}
        </div>
        {data.provider !== "off" ? <PaymentHistory /> : null}
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Subscription</CardTitle>
        <CardDescription>Your plan and billing.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
