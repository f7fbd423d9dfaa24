// Requests per token per minute, counted in fixed windows in this process's memory.
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

export function createTokenRateLimit(options: { perMinute: number; now: () => number }) {
  const windowMs = 60_000;
  const windows = new Map<string, { startedAt: number; used: number }>();
  return function take(tokenId: string): RateLimitState & { isAllowed: boolean } {
    const now = options.now();
    // Windows that have ended are dropped as the map grows, so it holds only recent tokens.
    if (windows.size > 10_000) {
      for (const [id, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(id);
    }
    let window = windows.get(tokenId);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, used: 0 };
      windows.set(tokenId, window);
    }
    const isAllowed = window.used < options.perMinute;
    if (isAllowed) window.used += 1;
    return {
      isAllowed,
      limit: options.perMinute,
      remaining: options.perMinute - window.used,
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
    };
  };
}
