// The landing page is static HTML (prerendered by scripts/prerender.mjs); only these parts of it
// are interactive, each hydrated on its own by src/web/app/landing.tsx (decision 135): the header
// (mobile menu, Subscribe), the two Subscribe buttons and the waitlist form. In the app (after a
// client-side navigation to "/"), the same elements render in place like any other.
import { createContext, useContext, type ReactElement } from "react";
import { PLAN_PRICE_USD } from "../../../../core/constants";
import { LandingHeader } from "./landing-header";
import { SubscribeButton } from "./subscribe-button";
import { WaitlistForm } from "./waitlist-form";

export function landingIslands(appName: string) {
  return {
    header: <LandingHeader appName={appName} />,
    "hero-subscribe": (
      <SubscribeButton size="lg" onFailure="alert">
        Subscribe for ${PLAN_PRICE_USD}/month
      </SubscribeButton>
    ),
    "plan-subscribe": (
      <SubscribeButton size="lg" onFailure="alert" className="mt-auto">
        Subscribe
      </SubscribeButton>
    ),
    waitlist: <WaitlistForm />,
  } satisfies Record<string, ReactElement>;
}

export type LandingIslands = ReturnType<typeof landingIslands>;
export type IslandName = keyof LandingIslands;

export const ISLAND_ATTRIBUTE = "data-island";
/** Marks the footer's year, which the page's script sets to the visitor's current year. */
export const CURRENT_YEAR_ATTRIBUTE = "data-current-year";

/** React ids of an island start with its name, so two islands never share one. */
export function islandIdPrefix(name: string): string {
  return `${name}-`;
}

/**
 * Given by the prerender: renders an island as its own React root (as the browser will hydrate
 * it) into the element that marks where it is.
 */
export const IslandRenderContext = createContext<
  ((name: IslandName, element: ReactElement) => string) | null
>(null);

export function Island({ name, islands }: { name: IslandName; islands: LandingIslands }) {
  const renderIsland = useContext(IslandRenderContext);
  if (!renderIsland) return islands[name];
  return (
    <div
      {...{ [ISLAND_ATTRIBUTE]: name }}
      className="contents"
      dangerouslySetInnerHTML={{ __html: renderIsland(name, islands[name]) }}
    />
  );
}
