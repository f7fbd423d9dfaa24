import { useSyncExternalStore } from "react";
import { useMediaQuery } from "../../../lib/use-media-query";

// The app's theme as applied (the `dark` class on <html>, set by the theme controller).
function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

export function useIsDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotionQuery);
}
