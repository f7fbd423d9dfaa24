/** Whether a dialog, menu or list box is showing: it takes single keys and Escape for itself. */
export function isOverlayOpen(): boolean {
  const overlays = document.querySelectorAll(
    '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]',
  );
  return [...overlays].some((element) => element.getClientRects().length > 0);
}
