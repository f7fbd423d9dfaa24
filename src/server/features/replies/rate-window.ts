// Counts per key in a fixed window, in this process's memory (an LRU bounds the keys): the
// inbound listener's per-sender and per-recipient limits, and the SMS webhook's per-number one.
import { LRUCache } from "lru-cache";

export type RateWindow = { take: (key: string) => boolean };

export function createRateWindow(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): RateWindow {
  const now = options.now ?? Date.now;
  const counts = new LRUCache<string, { start: number; count: number }>({ max: 10_000 });
  return {
    take(key) {
      const at = now();
      const entry = counts.get(key);
      if (!entry || at - entry.start >= options.windowMs) {
        counts.set(key, { start: at, count: 1 });
        return true;
      }
      entry.count += 1;
      return entry.count <= options.max;
    },
  };
}
