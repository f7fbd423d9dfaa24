// One driver.js tour at a time (spec 02 §4): duplicate starts are ignored, also while the tour's
// code is still loading (drive-tour.ts, loaded when a tour starts).
import type { Driver } from "driver.js";
import { importWithRetry } from "../../../lib/lazy";

let current: Driver | null = null;
let loading: Promise<void> | null = null;
let isStopped = false;

export function isTourRunning(): boolean {
  return current !== null || loading !== null;
}

export type RunTourOptions = { productName: string; onClosed: () => void };

/** Marks a stand-in for a part of the page a tour step points at that is still loading. */
export const TOUR_PENDING_ATTRIBUTE = "data-tour-pending";
const PENDING_WAIT_MS = 3000;

/** Resolves once no part a step points at is still loading (or after 3 s: those steps are left out). */
function whenTargetsLoaded(): Promise<void> {
  const until = Date.now() + PENDING_WAIT_MS;
  return new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector(`[${TOUR_PENDING_ATTRIBUTE}]`) || Date.now() > until) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

export function runTour(options: RunTourOptions): boolean {
  if (isTourRunning()) return false;
  isStopped = false;
  loading = Promise.all([importWithRetry(() => import("./drive-tour")), whenTargetsLoaded()]).then(
    ([{ driveTour }]) => {
      loading = null;
      if (isStopped) return;
      current = driveTour(options, () => {
        current = null;
      });
    },
    () => {
      loading = null;
    },
  );
  return true;
}

/** Ends a running tour without navigating (the layout unmounts, e.g. on sign-out). */
export function stopTour(): void {
  isStopped = true;
  current?.destroy();
}
