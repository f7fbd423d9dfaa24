// A route page loaded lazily, with the recovery of spec 02 §8: the import retries 3 times
// (lib/lazy.ts); if it still fails, this boundary tries again after 1 s and then 2 s, then reloads
// the page once, then shows "Component Update Required" (a chunk error) or "Something went
// wrong" / "Unable to load this component." with Try Again.
import { useEffect, useState, type ComponentType } from "react";
import { ERROR_BOUNDARY_RETRY_DELAYS_MS } from "../../core/constants";
import { PageSpinner } from "../components/ui/spinner";
import { logError } from "../lib/local-log";
import { hasReloadedForChunk, isReloadingForChunk, reloadOnceForChunk } from "./chunk-reload";
import { LoadFailedScreen } from "./error-screen";
import { importWithRetry, isChunkLoadError } from "../lib/lazy";

type Recovery = { Page?: ComponentType; error: unknown; attempt: number };

function LoadRecovery({ error, load }: { error: unknown; load: () => Promise<ComponentType> }) {
  const [state, setState] = useState<Recovery>({ error, attempt: 0 });
  const { Page, attempt } = state;

  useEffect(() => {
    if (Page) return;
    const delay = ERROR_BOUNDARY_RETRY_DELAYS_MS[attempt];
    if (delay !== undefined) {
      let isCurrent = true;
      const timer = setTimeout(() => {
        load().then(
          (Loaded) => isCurrent && setState({ Page: Loaded, error: null, attempt }),
          (next: unknown) => isCurrent && setState({ error: next, attempt: attempt + 1 }),
        );
      }, delay);
      return () => {
        isCurrent = false;
        clearTimeout(timer);
      };
    }
    logError(state.error);
    if (isChunkLoadError(state.error)) reloadOnceForChunk();
  }, [Page, attempt, load, state.error]);

  if (Page) return <Page />;
  const isChunkError = isChunkLoadError(state.error);
  const willReload = isChunkError && (!hasReloadedForChunk() || isReloadingForChunk());
  if (attempt < ERROR_BOUNDARY_RETRY_DELAYS_MS.length || willReload) return <PageSpinner />;
  return (
    <LoadFailedScreen
      isChunkError={isChunkError}
      onRetry={() => setState({ error: state.error, attempt: 0 })}
    />
  );
}

export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  const loadPage = async () => pick(await load());
  return async () => {
    try {
      return { Component: pick(await importWithRetry(load)) };
    } catch (error) {
      // React Router keeps what lazy() returned: the recovery component stays the route's page
      // until it has loaded the real one.
      return {
        Component: function RecoveringPage() {
          return <LoadRecovery error={error} load={loadPage} />;
        },
      };
    }
  };
}
