import { Component, useEffect, useRef, type ReactNode } from "react";
import { useRouteError } from "react-router";
import { logError } from "../lib/local-log";
import { hasReloadedForChunk, reloadOnceForChunk } from "./chunk-reload";
import { ErrorScreen } from "./error-screen";
import { isChunkLoadError } from "../lib/lazy";

// A stale chunk after a deploy: reload once; if it happens again, offer the update screen.
function shouldReloadForChunk(error: unknown): boolean {
  return isChunkLoadError(error) && reloadOnceForChunk();
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    logError(error);
    shouldReloadForChunk(error);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorScreen error={this.state.error} isChunkError={isChunkLoadError(this.state.error)} />
      );
    }
    return this.props.children;
  }
}

export function RouteErrorElement() {
  const error = useRouteError();
  const loggedError = useRef<unknown>(undefined);
  // Rendering must stay free of side effects (it may run more than once): log and reload here,
  // once per error even when StrictMode runs the effect twice.
  useEffect(() => {
    if (loggedError.current === error) return;
    loggedError.current = error;
    logError(error);
    shouldReloadForChunk(error);
  }, [error]);
  if (isChunkLoadError(error) && !hasReloadedForChunk()) return null;
  return (
    <ErrorScreen
      error={error}
      isChunkError={isChunkLoadError(error)}
      onRetry={() => window.location.reload()}
    />
  );
}
