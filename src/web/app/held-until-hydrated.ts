// A prerendered page's buttons show before its code is live (decision 204): a press on one, or a
// form sent with Enter, is held until React has taken over the markup, then done again, so it
// goes through the page's own handler instead of being lost (or posting the form natively).
// What was typed stays in the fields, and the forms read it from there (they set no default).

/** Holds presses and submits inside `root`; the returned function replays them (once). */
export function holdUntilHydrated(root: HTMLElement): (replay: boolean) => void {
  const held: Array<() => void> = [];
  const holdPress = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest("button");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => button.isConnected && button.click());
  };
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => form.isConnected && form.requestSubmit());
  };
  root.addEventListener("click", holdPress, true);
  root.addEventListener("submit", holdSubmit, true);
  return (replay) => {
    root.removeEventListener("click", holdPress, true);
    root.removeEventListener("submit", holdSubmit, true);
    if (replay) for (const press of held.splice(0)) press();
  };
}
