// The prerendered landing page's script: the page is static HTML, so this only
// hydrates its islands (landing-islands.tsx; the waitlist form on first use), follows the links that open /auth on a tab and
// sends a verification token on to /verify-email. A signed-in visitor never gets this page: the
// server sends them the app for "/", whose access gating takes them on (plugins/spa.ts).
import { useEffect, type ReactElement, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_PRODUCT_NAME, readServedProductName } from "../../core/product-name";
import {
  CURRENT_YEAR_ATTRIBUTE,
  eagerLandingIslands,
  ISLAND_ATTRIBUTE,
  islandIdPrefix,
} from "../features/billing/components/landing-island-roots";
import type { IslandName } from "../features/billing/components/landing-islands";
import { landingLinkTarget } from "../features/billing/components/landing-links";
import { importWithRetry } from "../lib/lazy";
import { readTokenRedirect } from "../lib/token-redirect";
import "../styles.css";

function hydrateIslands(): void {
  const appName =
    readServedProductName(
      document.querySelector('meta[name="application-name"]')?.getAttribute("content"),
    ) ?? DEFAULT_PRODUCT_NAME;
  const islands = eagerLandingIslands(appName);
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
    if (name === "waitlist") {
      hydrateOnFirstUse(element, name, () =>
        import("../features/billing/components/waitlist-form").then(({ WaitlistForm }) => (
          <WaitlistForm />
        )),
      );
    } else if (name in islands) {
      hydrateRoot(element, islands[name], { identifierPrefix: islandIdPrefix(name) });
    }
  }
}

/** Calls `onHydrated` once its children (and their effects) are live. Renders no element. */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

// An island that stays static HTML until the visitor first reaches for it (focus, a pointer, a
// submit): then its code loads and it hydrates. A submit before that waits for it and then goes
// through the island's own handler (the form never posts natively); what was typed is kept.
function hydrateOnFirstUse(
  element: HTMLElement,
  name: IslandName,
  load: () => Promise<ReactElement>,
): void {
  let loading: Promise<void> | undefined;
  let heldSubmit: HTMLFormElement | undefined;
  const start = () => {
    loading ??= importWithRetry(load).then(
      (island) => {
        const onHydrated = () => {
          for (const type of ["focusin", "pointerdown"]) element.removeEventListener(type, start);
          element.removeEventListener("submit", holdSubmit, true);
          heldSubmit?.requestSubmit();
        };
        hydrateRoot(element, <Hydrated onHydrated={onHydrated}>{island}</Hydrated>, {
          identifierPrefix: islandIdPrefix(name),
        });
      },
      () => {
        loading = undefined;
      },
    );
  };
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    heldSubmit = event.target as HTMLFormElement;
    start();
  };
  for (const type of ["focusin", "pointerdown"]) element.addEventListener(type, start);
  element.addEventListener("submit", holdSubmit, true);
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
