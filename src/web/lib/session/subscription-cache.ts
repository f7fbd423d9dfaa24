// The client's subscription-status reads (spec 01 §4, §9): up to 3 reads with waits of
// 1 s × the attempt number, unknown when all fail, and a cache whose lifetime depends on the
// answer. One entry, for one user: a different session clears it. Clock and sleep are injected.
import { repeatUntil } from "../retry";
import { STATUS_READ_ATTEMPTS, STATUS_READ_BACKOFF_MS } from "../../../core/constants";
import {
  cacheTtlFor,
  computeSubscriptionStatus,
  UNKNOWN_STATUS,
  type BillingStatusRow,
  type StatusResult,
} from "../../../core/subscription";

/** One read of the user's billing_status row; `serverNow` is the server's clock at the read. */
export type StatusRead = { row: BillingStatusRow | null; serverNow?: Date | string };

export type StatusSnapshot = {
  result: StatusResult;
  row: BillingStatusRow | null;
  attempts: number;
  error: string | null;
};

export type StatusCacheEntry = StatusSnapshot & { userId: string; storedAt: number };

export type StatusReaderDeps = {
  fetchStatus: () => Promise<StatusRead>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

export function statusReadDelayMs(attempt: number): number {
  return STATUS_READ_BACKOFF_MS * attempt;
}

export async function readSubscriptionStatus(deps: StatusReaderDeps): Promise<StatusSnapshot> {
  const { value, attempts } = await repeatUntil(
    () =>
      deps.fetchStatus().then(
        (read) => ({ read, error: null }),
        (caught: unknown) => ({
          read: null,
          error: caught instanceof Error ? caught.message : String(caught),
        }),
      ),
    (answer) => answer.read !== null,
    { attempts: STATUS_READ_ATTEMPTS, delayMs: statusReadDelayMs, sleep: deps.sleep },
  );
  if (!value.read) return { result: UNKNOWN_STATUS, row: null, attempts, error: value.error ?? "" };
  const { row, serverNow } = value.read;
  // The server's clock decides, so a wrong device clock neither grants nor takes access.
  const now = serverNow ? new Date(serverNow) : new Date(deps.now());
  return { result: computeSubscriptionStatus(row, now), row, attempts, error: null };
}

export function isCacheEntryFresh(entry: StatusCacheEntry, nowMs: number): boolean {
  return nowMs - entry.storedAt < cacheTtlFor(entry.result);
}

export type SubscriptionStatusCache = {
  /** A fresh entry for this user, or null. Asking for another user clears the cache. */
  read: (userId: string, nowMs: number) => StatusCacheEntry | null;
  write: (userId: string, snapshot: StatusSnapshot, nowMs: number) => StatusCacheEntry;
  /** The stored entry whatever its age (for the debug page). */
  peek: () => StatusCacheEntry | null;
  /** Called on every session change: a different (or no) user clears the cache. */
  setSessionUser: (userId: string | null) => void;
  clear: () => void;
};

export function createSubscriptionStatusCache(): SubscriptionStatusCache {
  let entry: StatusCacheEntry | null = null;
  let sessionUser: string | null = null;
  return {
    read(userId, nowMs) {
      if (entry && entry.userId !== userId) entry = null;
      return entry && isCacheEntryFresh(entry, nowMs) ? entry : null;
    },
    write(userId, snapshot, nowMs) {
      entry = { ...snapshot, userId, storedAt: nowMs };
      return entry;
    },
    peek: () => entry,
    setSessionUser(userId) {
      if (userId !== sessionUser) entry = null;
      sessionUser = userId;
    },
    clear() {
      entry = null;
    },
  };
}

/** The cached answer when fresh (unless forced), otherwise a new read that is then cached. */
export async function getSubscriptionStatus(
  input: StatusReaderDeps & { cache: SubscriptionStatusCache; userId: string; force?: boolean },
): Promise<StatusCacheEntry> {
  const { cache, userId } = input;
  if (!input.force) {
    const cached = cache.read(userId, input.now());
    if (cached) return cached;
  }
  const snapshot = await readSubscriptionStatus(input);
  return cache.write(userId, snapshot, input.now());
}
