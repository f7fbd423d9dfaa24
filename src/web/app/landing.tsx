// The prerendered landing page's script (decision 135): the page is static HTML, so this only
// hydrates its islands (landing-islands.tsx), follows the links that open /auth on a tab and
// sends a verification token on to /verify-email. A signed-in visitor never gets this page: the
// server sends them the app for "/", whose access gating takes them on (plugins/spa.ts).
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_PRODUCT_NAME, readServedProductName } from "../../core/product-name";
import {
  CURRENT_YEAR_ATTRIBUTE,
  ISLAND_ATTRIBUTE,
  islandIdPrefix,
  landingIslands,
  type IslandName,
} from "../features/billing/components/landing-islands";
import { landingLinkTarget } from "../features/billing/components/landing-links";
import { readTokenRedirect } from "../lib/token-redirect";
import "../styles.css";

function hydrateIslands(): void {
  const appName =
    readServedProductName(
      document.querySelector('meta[name="application-name"]')?.getAttribute("content"),
    ) ?? DEFAULT_PRODUCT_NAME;
  const islands = landingIslands(appName);
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
    const island = islands[name];
    if (island) hydrateRoot(element, island, { identifierPrefix: islandIdPrefix(name) });
  }
}

// A link to /auth that names a tab: react-router reads a location's state from history.state.usr,
// so the app loaded at /auth opens on that tab, as it would after an in-app navigation.
function followAuthLinks(): void {
  document.addEventListener("click", (event) => {
    const target = landingLinkTarget(event);
    if (!target?.state) return;
    event.preventDefault();
    window.history.pushState({ usr: target.state, key: "landing", idx: 1 }, "", target.to);
    window.location.reload();
  });
}

const redirect = readTokenRedirect(window.location.search, window.location.hash);
if (redirect) {
  window.location.replace(redirect);
} else {
  for (const year of document.querySelectorAll(`[${CURRENT_YEAR_ATTRIBUTE}]`))
    year.textContent = String(new Date().getFullYear());
  hydrateIslands();
  followAuthLinks();
}
