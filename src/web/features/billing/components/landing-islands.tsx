// The landing page is static HTML (prerendered by scripts/prerender.mjs); only these parts of it
// are interactive, each hydrated on its own by src/web/app/landing.tsx: the header
// (mobile menu, Subscribe), the two Subscribe buttons and, on first use, the
// waitlist form. In the app (after a
// client-side navigation to "/"), the same elements render in place like any other.
import { createContext, useContext, type ReactElement } from "react";
import { eagerLandingIslands, ISLAND_ATTRIBUTE } from "./landing-island-roots";
import { WaitlistForm } from "./waitlist-form";

export function landingIslands(appName: string) {
  return { ...eagerLandingIslands(appName), waitlist: <WaitlistForm /> } satisfies Record<
    string,
    ReactElement
  >;
}

export type LandingIslands = ReturnType<typeof landingIslands>;
export type IslandName = keyof LandingIslands;

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
