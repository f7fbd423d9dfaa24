// The tour itself, on driver.js (~8 KB gzip and its stylesheet): loaded by runTour when a tour
// starts, so the signed-in pages do not carry it. Reaching the last step marks the
// tour completed and shows "Tour Completed!"; closing or destroying marks it inactive, and
// closing (close button, Escape, Done) also calls onClosed.
import { driver, type Driver } from "driver.js";
import "driver.js/dist/driver.css";
import { TOUR_TOAST_MS } from "../../../../core/constants";
import { toast } from "../../../lib/toast";
import type { RunTourOptions } from "./run-tour";
import { setTourStartLock, writeTourFlags } from "./tour-state";
import { buildTourSteps, isMobileTourLayout } from "./tour-steps";

export function driveTour({ productName, onClosed }: RunTourOptions, onEnded: () => void): Driver {
  const steps = buildTourSteps(productName, isMobileTourLayout());
  let isClosing = false;
  // driver.js leaves the focus on the page's body when it closes: it goes back where it was.
  const active = document.activeElement;
  const returnFocusTo = active instanceof HTMLElement && active !== document.body ? active : null;
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
      onEnded();
      writeTourFlags({ active: false });
      setTourStartLock(false);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
      if (isClosing) onClosed();
    },
  });
  writeTourFlags({ active: true });
  setTourStartLock(true);
  tour.drive();
  return tour;
}
