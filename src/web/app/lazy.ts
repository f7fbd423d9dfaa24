// Lazy route modules that survive a deploy: a failed chunk load is retried 3 times, waiting 1 s
// and then 1.5× longer each time (spec 02 §8).
import {
  LAZY_IMPORT_BACKOFF,
  LAZY_IMPORT_DELAY_MS,
  LAZY_IMPORT_RETRIES,
} from "../../core/constants";
import { exponential, retryOnError } from "../lib/retry";

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
