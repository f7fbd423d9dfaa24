// Code loaded when it is used. A failed chunk load is retried 3 times, waiting 1 s and then 1.5×
// longer each time (spec 02 §8). `preload` starts a module's load once (a failed one is tried
// again on the next call); a component of it renders at once when the module has arrived and
// suspends to the nearest Suspense fallback while it is on its way.
import { createElement, use, type ComponentType, type ReactNode } from "react";
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

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}

export type LazyModule<M> = { preload: () => Promise<M>; useModule: () => M };

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= importWithRetry(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { preload, useModule: () => loaded ?? use(preload()) };
}

/** A component exported by a lazily loaded module (a `lazyModule`, or the import itself). */
export function lazyComponent<M, P extends object>(
  module: LazyModule<M> | (() => Promise<M>),
  pick: (loaded: M) => ComponentType<P>,
): (props: P) => ReactNode {
  const from = typeof module === "function" ? lazyModule(module) : module;
  return function LazyComponent(props: P) {
    return createElement(pick(from.useModule()), props);
  };
}
