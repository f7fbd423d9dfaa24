import { useSyncExternalStore } from "react";

type MediaStore = { subscribe: (listener: () => void) => () => void; matches: () => boolean };

// One MediaQueryList and one subscribe function per query, made once: a new subscribe function
// each render made React unsubscribe and subscribe again on every render, and each read asked
// the browser for a new MediaQueryList (the contacts page renders once per keystroke).
const stores = new Map<string, MediaStore>();

function mediaStore(query: string): MediaStore {
  let store = stores.get(query);
  if (!store) {
    const media = window.matchMedia(query);
    store = {
      subscribe(listener) {
        media.addEventListener("change", listener);
        return () => media.removeEventListener("change", listener);
      },
      matches: () => media.matches,
    };
    stores.set(query, store);
  }
  return store;
}

/** Whether a CSS media query matches now, updated when it changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const isServer = typeof window === "undefined";
  const store = isServer ? null : mediaStore(query);
  return useSyncExternalStore(
    store?.subscribe ?? subscribeNowhere,
    store?.matches ?? doesNotMatch,
    doesNotMatch,
  );
}

const subscribeNowhere = () => () => undefined;
const doesNotMatch = () => false;

/** Tailwind's `sm` breakpoint: below it a narrow phone's filters open in a sheet. */
export const WIDER_THAN_PHONE = "(min-width: 640px)";

/** Tailwind's `md` breakpoint: below it the layout is a phone's, with the tabs at the bottom. */
export const HAS_HEADER_TABS = "(min-width: 48rem)";
