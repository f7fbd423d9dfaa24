// Code loaded when it is used, that survives a deploy: a failed chunk load is retried 3 times,
// waiting 1 s and then 1.5× longer each time (spec 02 §8). Routes (app/lazy-route.tsx), the
// shell's menu, bell and dialogs, and libraries loaded on first use all go through it.
import { lazy, type ComponentType } from "react";
import {
  LAZY_IMPORT_BACKOFF,
  LAZY_IMPORT_DELAY_MS,
  LAZY_IMPORT_RETRIES,
} from "../../core/constants";
import { exponential, retryOnError } from "./retry";

export function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  return retryOnError(load, {
    attempts: LAZY_IMPORT_RETRIES + 1,
    delayMs: exponential(LAZY_IMPORT_DELAY_MS, LAZY_IMPORT_BACKOFF),
  });
}

/** React.lazy over one named export of a module. */
export function lazyNamed<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(() => importWithRetry(load).then((module) => ({ default: pick(module) })));
}
