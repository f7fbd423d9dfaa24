// A prerendered page's buttons show before its code is live: a press on one, or a
// form sent with Enter, is held until React has taken over the markup, then done again, so it
// goes through the page's own handler instead of being lost (or posting the form natively).
// What was typed stays in the fields, and the forms read it from there (they set no default).
// Only the last press is kept: three presses of "Sign in" while waiting send one sign-in, and a
// tab chosen after a press of the other tab's button is the one the person sees. A keyboard
// shortcut pressed meanwhile is held the same way, and so is an arrow key on a tab.
//
// The contact list the server draws starts its code after its first paint: from
// that paint until this code runs, /start-after-paint.js holds presses by the same rules and
// hands the last one over here (`window.tendPressBeforeCode`).

declare global {
  interface Window {
    /** Set by /start-after-paint.js: stops its holding and gives the last press it held. */
    tendPressBeforeCode?: () => Event | null;
  }
}

const TAB_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

/**
 * The press `event` is, as a function that does it again, or null for an event that is not held:
 * a press on a button inside the page, a form sent, a key that moves between tabs pressed on one
 * (the keyboard's way to the other tab, held as a click on it is), or a keyboard shortcut ("/",
 * "n", "?") pressed with the focus nowhere in particular, as it is when a page has just arrived.
 * /start-after-paint.js holds by the same rules, but for tabs: the page it starts
 * has none.
 */
export function pressToHold(event: Event): (() => void) | null {
  if (event.type === "click") {
    const button = (event.target as Element | null)?.closest?.("button");
    return button ? () => button.isConnected && button.click() : null;
  }
  if (event.type === "submit") {
    const form = event.target as HTMLFormElement;
    return () => form.isConnected && form.requestSubmit();
  }
  if (event.type === "keydown" && event instanceof KeyboardEvent) {
    if (event.ctrlKey || event.metaKey || event.altKey) return null;
    const { key, code, shiftKey } = event;
    // An arrow, Home or End on a tab moves to another tab, as a click on it would.
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[role="tab"]');
    if (tab && TAB_KEYS.has(key)) {
      return () => {
        if (!tab.isConnected) return;
        tab.focus();
        tab.dispatchEvent(
          new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true }),
        );
      };
    }
    const isOnPage = event.target === document.body || event.target === document.documentElement;
    if (!isOnPage || key.length !== 1 || key === " ") return null;
    return () =>
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { key, code, shiftKey, bubbles: true, cancelable: true }),
      );
  }
  return null;
}

/** Holds presses and submits inside `root`; the returned function replays the last (once). */
export function holdUntilHydrated(root: HTMLElement): (replay: boolean) => void {
  const before = window.tendPressBeforeCode?.();
  let held = before ? pressToHold(before) : null;
  const hold = (event: Event) => {
    const press = pressToHold(event);
    if (!press) return;
    event.preventDefault();
    event.stopPropagation();
    held = press;
  };
  root.addEventListener("click", hold, true);
  root.addEventListener("submit", hold, true);
  document.addEventListener("keydown", hold, true);
  return (replay) => {
    root.removeEventListener("click", hold, true);
    root.removeEventListener("submit", hold, true);
    document.removeEventListener("keydown", hold, true);
    const press = held;
    held = null;
    if (replay) press?.();
  };
}
