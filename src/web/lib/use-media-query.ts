import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, updated when it changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", listener);
      return () => media.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: below it the layout is a phone's. */
export const WIDER_THAN_PHONE = "(min-width: 640px)";
