// #pricing: the Standard plan (sold) and the Business tier (waitlist only, no price shown).
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../../../core/constants";
import type { TrialWording } from "../../../../core/trial-offer";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { AuthLink } from "./landing-links";
import { BUSINESS_FEATURES, PLAN_FEATURES } from "./plan-features";
import { Island, type LandingIslands } from "./landing-islands";

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The Business tier beside the Standard plan: what "Most popular" is compared with. */
export function BusinessPlanCard({
  headingLevel,
  waitlist,
}: {
  headingLevel: 2 | 3;
  /** The waitlist form: in place in the app, an island on the static landing page. */
  waitlist: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col gap-6 rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-xl font-semibold">Business</Heading>
        <Badge variant="outline">Coming soon</Badge>
      </div>
      <p className="text-muted-foreground">
        For teams who keep relationships together. Join the waitlist and we will write when it
        opens.
      </p>
      <FeatureList items={BUSINESS_FEATURES} />
      <div className="mt-auto">{waitlist}</div>
    </div>
  );
}

export function PricingSection({
  islands,
  trial,
}: {
  islands: LandingIslands;
  trial: TrialWording;
}) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-muted py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-title" className="text-3xl font-bold tracking-tight">
          Simple pricing
        </h2>
        <p className="mt-3 text-muted-foreground">
          One plan with everything. {trial.offer} {trial.afterTrial}
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-6 rounded-xl border-2 border-primary bg-background p-6 shadow-sm sm:p-8">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-xl font-semibold">{PLAN_NAME}</h3>
              <Badge className="whitespace-nowrap">Most popular</Badge>
            </div>
            <p>
              <span className="text-4xl font-bold">${PLAN_PRICE_USD}</span>{" "}
              <span className="text-muted-foreground">USD/month</span>
            </p>
            <FeatureList items={PLAN_FEATURES} />
            <p className="text-sm text-muted-foreground">Cancel anytime, no questions asked.</p>
            <div className="mt-auto grid gap-2">
              <Button asChild size="lg" className="h-auto min-h-11 whitespace-normal text-center">
                <AuthLink show="signup">{trial.start}</AuthLink>
              </Button>
              <Island name="plan-subscribe" islands={islands} />
            </div>
          </div>
          <BusinessPlanCard
            headingLevel={3}
            waitlist={<Island name="waitlist" islands={islands} />}
          />
        </div>
      </div>
    </section>
  );
}
