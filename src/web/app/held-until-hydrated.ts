// A prerendered page's buttons show before its code is live (decision 204): a press on one, or a
// form sent with Enter, is held until React has taken over the markup, then done again, so it
// goes through the page's own handler instead of being lost (or posting the form natively).
// What was typed stays in the fields, and the forms read it from there (they set no default).
// Only the last press is kept: three presses of "Sign in" while waiting send one sign-in, and a
// tab chosen after a press of the other tab's button is the one the person sees. A keyboard
// shortcut pressed meanwhile is held the same way.

/** Holds presses and submits inside `root`; the returned function replays the last (once). */
export function holdUntilHydrated(root: HTMLElement): (replay: boolean) => void {
  let held: (() => void) | undefined;
  const holdPress = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest("button");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = () => button.isConnected && button.click();
  };
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    event.stopPropagation();
    held = () => form.isConnected && form.requestSubmit();
  };
  // A keyboard shortcut ("/", "n", "?") pressed with the focus nowhere in particular, as it is
  // when a page has just arrived: its handler is not there yet either (decision 214).
  const holdShortcut = (event: KeyboardEvent) => {
    const isOnPage = event.target === document.body || event.target === document.documentElement;
    if (!isOnPage || event.key.length !== 1 || event.key === " ") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    const { key, code, shiftKey } = event;
    held = () =>
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { key, code, shiftKey, bubbles: true, cancelable: true }),
      );
  };
  root.addEventListener("click", holdPress, true);
  root.addEventListener("submit", holdSubmit, true);
  document.addEventListener("keydown", holdShortcut, true);
  return (replay) => {
    root.removeEventListener("click", holdPress, true);
    root.removeEventListener("submit", holdSubmit, true);
    document.removeEventListener("keydown", holdShortcut, true);
    const press = held;
    held = undefined;
    if (replay) press?.();
  };
}
