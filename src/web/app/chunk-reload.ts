// "Reload the page once" for a stale chunk (spec 02 §8), shared by the route error boundary and
// the global handler so one stale deploy costs one reload, not one each. The mark lives in
// session storage with its time: a reload within CHUNK_RELOAD_MEMORY_MS was the one allowed;
// a stale chunk much later (another deploy) may reload again.
import { CHUNK_RELOAD_MEMORY_MS } from "../../core/constants";

export const CHUNK_RELOAD_KEY = "tend.chunk-reloaded-at";

let isReloading = false;

export function isReloadingForChunk(): boolean {
  return isReloading;
}

export function hasReloadedForChunk(): boolean {
  if (isReloading) return true;
  const at = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  return Date.now() - at < CHUNK_RELOAD_MEMORY_MS;
}

/** Reloads unless that was already done; true when a reload is under way. */
export function reloadOnceForChunk(): boolean {
  if (isReloading) return true;
  if (hasReloadedForChunk()) return false;
  isReloading = true;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}
