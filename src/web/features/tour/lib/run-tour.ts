// One driver.js tour at a time (spec 02 §4): duplicate starts are ignored, also while the tour's
// code is still loading (drive-tour.ts, loaded when a tour starts).
import type { Driver } from "driver.js";

let current: Driver | null = null;
let loading: Promise<void> | null = null;
let isStopped = false;

export function isTourRunning(): boolean {
  return current !== null || loading !== null;
}

export type RunTourOptions = { productName: string; onClosed: () => void };

export function runTour(options: RunTourOptions): boolean {
  if (isTourRunning()) return false;
  isStopped = false;
  loading = import("./drive-tour").then(
    ({ driveTour }) => {
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
