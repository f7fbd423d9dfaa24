// "/" (spec 01 §2): the static landing page. It is prerendered to landing.html at build
// (scripts/prerender.mjs) and stays static there: no router, only its islands hydrate
// (landing-islands.tsx); its links are plain links (landing-links.tsx).
import { DEFAULT_TRIAL_DAYS } from "../../../../core/constants";
import { DEFAULT_PRODUCT_NAME } from "../../../../core/product-name";
import { trialWording, type TrialWording } from "../../../../core/trial-offer";
import { Button } from "../../../components/ui/button";
import { LANDING_SECTIONS } from "./landing-header";
import { CURRENT_YEAR_ATTRIBUTE } from "./landing-island-roots";
import { Island, landingIslands } from "./landing-islands";
import { AuthLink } from "./landing-links";
import { PricingSection } from "./landing-pricing";
import { FeaturesSection, HowItWorksSection, PrivacySection } from "./landing-sections";

export function LandingPage({
  appName = DEFAULT_PRODUCT_NAME,
  trial = trialWording(DEFAULT_TRIAL_DAYS),
}: {
  appName?: string;
  trial?: TrialWording;
}) {
  const islands = landingIslands(appName);
  return (
    <div id="top" className="min-h-screen bg-background text-foreground">
      <Island name="header" islands={islands} />
      <main>
        <section aria-labelledby="hero-title" className="py-20 md:py-28">
          <div className="mx-auto max-w-4xl px-4 text-center">
            <h1 id="hero-title" className="text-4xl font-bold tracking-tight md:text-6xl">
              Keep in touch with the people who matter
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
              {appName} gives every contact a rhythm and reminds you by email, text or chat when it
              is time to reach out, so friendships, family and your network never quietly fade.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <AuthLink show="signup">{trial.start}</AuthLink>
              </Button>
              <Island name="hero-subscribe" islands={islands} />
            </div>
            <p className="mt-4 text-sm text-muted-foreground" data-testid="trial-offer">
              {trial.offer} {trial.afterTrial}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              Already a member?{" "}
              <AuthLink show="login" className="font-medium text-primary underline">
                Sign in
              </AuthLink>
            </p>
          </div>
        </section>
        <FeaturesSection appName={appName} />
        <HowItWorksSection appName={appName} />
        <PricingSection islands={islands} trial={trial} />
        <PrivacySection appName={appName} />
      </main>
      <footer className="border-t border-border py-10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
          <p>
            © <span {...{ [CURRENT_YEAR_ATTRIBUTE]: "" }}>{new Date().getFullYear()}</span>{" "}
            {appName}. All rights reserved.
          </p>
          <nav aria-label="Footer" className="flex flex-wrap gap-4">
            {LANDING_SECTIONS.map((s) => (
              <a key={s.href} href={s.href} className="hover:text-foreground">
                {s.label}
              </a>
            ))}
            <a href="/subscribe" className="hover:text-foreground">
              Plans
            </a>
            <a href="/privacy" className="hover:text-foreground">
              Privacy notice
            </a>
            <a href="/terms" className="hover:text-foreground">
              Terms
            </a>
            <AuthLink className="hover:text-foreground">Sign in</AuthLink>
          </nav>
        </div>
      </footer>
    </div>
  );
}
