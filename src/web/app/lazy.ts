// Lazy route modules that survive a deploy: the retried import lives in lib/lazy-named.ts, shared
// with the lazily loaded parts of pages.
export { importWithRetry } from "../lib/lazy-named";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}
