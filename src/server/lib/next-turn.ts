// One page of any long job per turn of the event loop (decision 233).
import { setImmediate as nextCheck } from "node:timers/promises";

// Each job yielding on its own is not enough: five exports' immediates run in the same check
// phase, their five pages back to back, with no poll for waiting requests between them. In line,
// each turn runs one page, then polls.
let lastTurn: Promise<unknown> = Promise.resolve();

/** Resolves on a later turn of the event loop than every earlier call's, one call per turn. */
export function nextTurn(): Promise<unknown> {
  lastTurn = lastTurn.then(() => nextCheck());
  return lastTurn;
}
