// The guided tour's flags (spec 02 §3 local browser storage, §4 guided tour): active and
// completed in local storage under version "1" (flags of another version count as none), and a
// start lock in session storage so one tab starts the tour at most once at a time.
import { TOUR_VERSION } from "../../../../core/constants";

export type TourFlags = { active: boolean; completed: boolean; version: string };

export const TOUR_FLAGS_KEY = "tend.tour";
export const TOUR_START_LOCK_KEY = "tend.tour-start-lock";

const NO_FLAGS: TourFlags = { active: false, completed: false, version: TOUR_VERSION };

export function readTourFlags(): TourFlags {
  try {
    const value = JSON.parse(localStorage.getItem(TOUR_FLAGS_KEY) ?? "null") as unknown;
    if (value && typeof value === "object" && (value as TourFlags).version === TOUR_VERSION) {
      const flags = value as TourFlags;
      return {
        active: flags.active === true,
        completed: flags.completed === true,
        version: TOUR_VERSION,
      };
    }
  } catch {
    // Unreadable flags are no flags.
  }
  return NO_FLAGS;
}

export function writeTourFlags(patch: Partial<Omit<TourFlags, "version">>): void {
  try {
    localStorage.setItem(
      TOUR_FLAGS_KEY,
      JSON.stringify({ ...readTourFlags(), ...patch, version: TOUR_VERSION }),
    );
  } catch {
    // Storage blocked: the tour still runs, it just cannot remember.
  }
}

export function hasTourStartLock(): boolean {
  try {
    return sessionStorage.getItem(TOUR_START_LOCK_KEY) !== null;
  } catch {
    return false;
  }
}

export function setTourStartLock(isLocked: boolean): void {
  try {
    if (isLocked) sessionStorage.setItem(TOUR_START_LOCK_KEY, String(Date.now()));
    else sessionStorage.removeItem(TOUR_START_LOCK_KEY);
  } catch {
    // As above.
  }
}

/** Whether the contacts page's startTour / fromOnboarding parameters may start the tour. */
export function mayAutoStartTour(): boolean {
  const flags = readTourFlags();
  return !flags.active && !flags.completed && !hasTourStartLock();
}
