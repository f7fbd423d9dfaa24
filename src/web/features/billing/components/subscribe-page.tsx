// /subscribe (spec 01 §2): the Standard plan. A signed-in active user never sees it: access
// gating sends them to /app/contacts with a notice.
import { Check } from "lucide-react";
import { Link } from "react-router";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../../../core/constants";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../../components/ui/card";
import { useConfig, useProductName, useTrialWording } from "../../../lib/session/get-config";
import { useMe } from "../../../lib/session/get-me";
import { useSubscriptionStatus } from "../../../lib/session/use-subscription-status";
import { BusinessPlanCard } from "./landing-pricing";
import { WaitlistForm } from "./waitlist-form";
import { PLAN_FEATURES } from "./plan-features";
import { SubscribeButton } from "./subscribe-button";

export function SubscribePage() {
  const { data: me } = useMe();
  const { data: config } = useConfig();
  // Only an active user is sent away from here; one whose status could not be
  // read stays, and is told why they may not need to pay.
  const { status } = useSubscriptionStatus(me?.user.id ?? null);
  const supportEmail = config?.supportEmail;
  const trial = useTrialWording();
  const productName = useProductName();
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Subscribe to {productName}</h1>
        <p className="mt-2 text-muted-foreground" data-testid="trial-offer">
          {trial.offer} {trial.afterTrial}
        </p>
      </div>
      {status === "unknown" ? (
        <Alert>
          We could not check your subscription just now. If you already subscribe, there is no need
          to pay again: try the app, or come back in a moment.
        </Alert>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="border-2 border-primary">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-xl font-semibold">{PLAN_NAME}</h2>
              <Badge className="whitespace-nowrap">Most popular</Badge>
            </div>
            <p>
              <span className="text-4xl font-bold">${PLAN_PRICE_USD}</span>{" "}
              <span className="text-muted-foreground">USD/month</span>
            </p>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm" aria-label="Included in the plan">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter className="flex-col gap-3">
            <SubscribeButton size="lg" className="w-full">
              Subscribe now
            </SubscribeButton>
            {me ? null : (
              <Button asChild variant="outline" className="w-full">
                <Link to="/auth" state={{ show: "login" }}>
                  Back to sign in
                </Link>
              </Button>
            )}
          </CardFooter>
        </Card>
        <BusinessPlanCard headingLevel={2} waitlist={<WaitlistForm />} />
      </div>
      {supportEmail ? (
        <p className="text-center text-sm text-muted-foreground">
          Questions about billing?{" "}
          <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline">
            Contact support
          </a>
        </p>
      ) : null}
    </main>
  );
}
