// Settings → Subscription: what the user has and how to change it. Stripe: the customer portal.
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
import { formatAbsoluteDate } from "../../../lib/format-date";
import { SubscribeButton } from "./subscribe-button";

function formatDate(iso: string | null): string {
  return iso ? formatAbsoluteDate(iso) : "";
}

// "14 days left", counted in whole days up to the end of the trial (issue 14).
function describeDaysLeft(end: string | null): string {
  const days = end ? Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / DAY_MS)) : 0;
  return `${formatCount(days, { one: "day", other: "days" })} left`;
}

/** Paying during the trial starts billing at once (decision 145): said before the button. */
function describePayingDuringTrial(end: string | null): string {
  return (
    `Subscribing now ends the trial: billing starts today with the first $${PLAN_PRICE_USD} ` +
    `charge, and the ${describeDaysLeft(end).replace(/ left$/, "")} left are not added on. ` +
    `Or keep the trial: you can subscribe when it ends on ${formatDate(end)}.`
  );
}

export function ManageSubscriptionCard() {
  const { data, isPending, isError } = useBillingStatus();
  const setCancel = useSetCancelAtPeriodEnd();
  const [isOpeningPortal, setIsOpeningPortal] = useState(false);
  const titleId = useId();

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
    content = (
      <div className="grid gap-4">
        {data.provider === "off" ? (
          <p className="text-sm">
            Billing is turned off on this server: your account has full access.
          </p>
        ) : row?.isTrial && data.status === "active" ? (
          <p className="text-sm">
            <Badge variant="secondary">Free trial</Badge> Your trial ends on{" "}
            {formatDate(row.currentPeriodEnd)}: {describeDaysLeft(row.currentPeriodEnd)}.
          </p>
        ) : isPaid ? (
          <p className="text-sm">
            <Badge variant="success">Active</Badge> {PLAN_NAME}, ${PLAN_PRICE_USD} USD/month.{" "}
            {row.cancelAtPeriodEnd
              ? `Cancelled: access ends on ${formatDate(row.currentPeriodEnd)}.`
              : row.currentPeriodEnd
                ? `Renews on ${formatDate(row.currentPeriodEnd)}.`
                : ""}
          </p>
        ) : (
          <p className="text-sm">You have no active subscription.</p>
        )}
        {data.provider !== "off" && row?.isTrial && data.status === "active" ? (
          // Said before paying (issue 14): a payment does not wait for the trial to end.
          <p className="text-sm text-muted-foreground" data-testid="trial-billing-note">
            {describePayingDuringTrial(row.currentPeriodEnd)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {data.manage === "portal" ? (
            <Button variant="outline" onClick={portal} disabled={isOpeningPortal}>
              {isOpeningPortal ? "Opening..." : "Manage subscription"}
            </Button>
          ) : null}
          {data.manage === "local" && isPaid && !row.cancelAtPeriodEnd ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={setCancel.isPending}>
                  Cancel subscription
                </Button>
              }
              title="Cancel your subscription?"
              description={`You keep full access until ${formatDate(row.currentPeriodEnd)}. You can resume any time before then.`}
              confirmLabel="Cancel subscription"
              cancelLabel="Keep subscription"
              isDestructive
              onConfirm={() => void changeCancel(true)}
            />
          ) : null}
          {data.manage === "local" && isPaid && row.cancelAtPeriodEnd ? (
            <Button onClick={() => void changeCancel(false)} disabled={setCancel.isPending}>
              Resume subscription
            </Button>
          ) : null}
          {data.provider !== "off" && !isPaid ? (
            <SubscribeButton>Subscribe now</SubscribeButton>
          ) : null}
        </div>
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
