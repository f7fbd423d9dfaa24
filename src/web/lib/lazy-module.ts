// A module loaded when it is used, that renders at once when it has already arrived: `preload`
// (after a page's first paint, or when a control is about to need it) starts the load once, and
// a component that needs the module calls `useModule`, which suspends only while it is still on
// its way (React.lazy would suspend on its first render even then). A failed load (after
// importWithRetry's retries) is tried again on the next call.
import { createElement, use, type ComponentType, type ReactNode } from "react";
import { importWithRetry } from "./lazy-named";

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

/**
 * A component of a lazy module, rendered through `useModule`: at once when the module has
 * arrived, suspending (to the nearest Suspense fallback) while it is still on its way.
 */
export function lazyComponent<M, P extends object>(
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P>,
): (props: P) => ReactNode {
  return function LazyComponent(props: P) {
    return createElement(pick(module.useModule()), props);
  };
}
