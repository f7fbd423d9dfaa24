// The landing page's islands its script hydrates as soon as it runs (the header, the two
// Subscribe buttons), and the markers the script finds islands by. The waitlist form is the one
// island left out: it hydrates when the visitor first reaches for it (src/web/app/landing.tsx),
// so react-hook-form is not part of the page's first load.
import { PLAN_PRICE_USD } from "../../../../core/constants";
import { LandingHeader } from "./landing-header";
import { SubscribeButton } from "./subscribe-button";

export function eagerLandingIslands(appName: string) {
  return {
    header: <LandingHeader appName={appName} />,
    "hero-subscribe": (
      <SubscribeButton size="lg" variant="outline" onFailure="alert">
        Subscribe for ${PLAN_PRICE_USD}/month
      </SubscribeButton>
    ),
    "plan-subscribe": (
      <SubscribeButton size="lg" variant="outline" onFailure="alert" className="w-full">
        Subscribe
      </SubscribeButton>
    ),
  };
}

export const ISLAND_ATTRIBUTE = "data-island";
/** Marks the footer's year, which the page's script sets to the visitor's current year. */
export const CURRENT_YEAR_ATTRIBUTE = "data-current-year";

/** React ids of an island start with its name, so two islands never share one. */
export function islandIdPrefix(name: string): string {
  return `${name}-`;
}
