// One driver.js tour at a time (spec 02 §4): duplicate starts are ignored; reaching the last step
// marks the tour completed and shows "Tour Completed!"; closing or destroying marks it inactive,
// and closing (close button, Escape, Done) also goes back to /app/contacts.
import { driver, type Driver } from "driver.js";
import "driver.js/dist/driver.css";
import { TOUR_TOAST_MS } from "../../../../core/constants";
import { toast } from "../../../lib/toast";
import { setTourStartLock, writeTourFlags } from "./tour-state";
import { buildTourSteps, isMobileTourLayout } from "./tour-steps";

let current: Driver | null = null;

export function isTourRunning(): boolean {
  return current !== null;
}

export type RunTourOptions = { productName: string; onClosed: () => void };

export function runTour({ productName, onClosed }: RunTourOptions): boolean {
  if (current) return false;
  const steps = buildTourSteps(productName, isMobileTourLayout());
  let isClosing = false;
  const tour = driver({
    steps,
    animate: false,
    allowKeyboardControl: true,
    showProgress: true,
    progressText: "Step {{current}} of {{total}}",
    nextBtnText: "Next",
    prevBtnText: "Back",
    doneBtnText: "Done",
    popoverClass: "tend-tour",
    overlayClickBehavior: "close",
    // driver.js titles the popover with a <header>, which would be a second banner landmark:
    // the same title as a heading instead (same id, so the dialog keeps its name).
    onPopoverRender: (popover) => {
      const heading = document.createElement("h2");
      heading.id = popover.title.id;
      heading.className = popover.title.className;
      heading.style.cssText = popover.title.style.cssText;
      heading.textContent = popover.title.textContent;
      popover.title.replaceWith(heading);
      popover.title = heading;
    },
    onHighlighted: (_element, _step, { driver: d }) => {
      // The last step points at nothing; driver.js still marks its stand-in <div> as a popup
      // trigger, which no screen reader can use.
      const dummy = document.getElementById("driver-dummy-element");
      for (const name of ["aria-haspopup", "aria-expanded", "aria-controls"])
        dummy?.removeAttribute(name);
      if (d.isLastStep()) {
        writeTourFlags({ completed: true });
        toast({
          title: "Tour Completed!",
          description: `You've completed the tour of ${productName}. Welcome aboard!`,
          duration: TOUR_TOAST_MS,
        });
      }
    },
    onDestroyStarted: (_element, _step, { driver: d }) => {
      isClosing = true;
      d.destroy();
    },
    onDestroyed: () => {
      current = null;
      writeTourFlags({ active: false });
      setTourStartLock(false);
      if (isClosing) onClosed();
    },
  });
  current = tour;
  writeTourFlags({ active: true });
  setTourStartLock(true);
  tour.drive();
  return true;
}

/** Ends a running tour without navigating (the layout unmounts, e.g. on sign-out). */
export function stopTour(): void {
  current?.destroy();
}
