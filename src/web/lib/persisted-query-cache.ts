// The device's copy of the signed-in user's query cache (docs/decisions/0282): what they read is
// saved to IndexedDB under their user id, and the app opens from it before any network answer,
// then asks the server again. A copy is read back only for the user it was saved for, only by
// the build that saved it (the buster) and only while it is younger than its maximum age; it is
// deleted on sign-out, and when someone else or nobody turns out to be signed in.
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { Me } from "../../core/account";
import { PERSISTED_CACHE_MAX_AGE_MS } from "../../core/constants";
import { ME_QUERY_KEY } from "./session/get-me";

/** Where copies are kept: IndexedDB in the browser (idb-keyval), a Map in unit tests. */
export type CacheStorage = {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
};

/**
 * What /device-copy-read.js (public/, named in index.html) read from IndexedDB while the app's
 * code loaded: whose copy the app opens from and that copy, or null when there is none. It uses
 * the database, store and keys below (persisted-query-cache.test.ts holds them together).
 */
export type DeviceCopyRead = { userId: string; saved: unknown } | null;

declare global {
  interface Window {
    tendDeviceCopy?: Promise<DeviceCopyRead>;
  }
}

type SavedCache = { userId: string; buster: string; savedAt: number; state: DehydratedState };

/** Changes are saved together, at most this often. */
const SAVE_DELAY_MS = 1000;

/** Whose copy the app opens from. */
export const CURRENT_USER_KEY = "current-user";
export const cacheKey = (userId: string) => `user:${userId}`;
export const IDB_DATABASE = "tend-query-cache";
export const IDB_STORE = "copies";

// What the app reads offline. Only these are kept, never the sign-in session (auth-session) or
// settings that hold a link's secret; a new query is kept only once it is added here.
const PERSISTED_QUERY_ROOTS = new Set([
  "me",
  "billing-status",
  "subscription-status",
  "config",
  "contacts",
  "notifications",
  "map",
  "profile",
]);

export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === "success" && PERSISTED_QUERY_ROOTS.has(String(query.queryKey[0]));
}

export type QueryCachePersister = ReturnType<typeof createQueryCachePersister>;

export function createQueryCachePersister({
  storage,
  buster,
  maxAgeMs = PERSISTED_CACHE_MAX_AGE_MS,
  now = Date.now,
}: {
  storage: () => CacheStorage;
  buster: string;
  maxAgeMs?: number;
  now?: () => number;
}) {
  async function forget(userId?: string): Promise<void> {
    const current = (await storage().get(CURRENT_USER_KEY)) as string | undefined;
    const id = userId ?? current;
    if (id) await storage().del(cacheKey(id));
    if (!userId || current === userId) await storage().del(CURRENT_USER_KEY);
  }

  /** Puts `userId`'s copy into the cache, when it is theirs, usable and whose the app opens. */
  async function restoreFor(queryClient: QueryClient, userId: string): Promise<boolean> {
    if ((await storage().get(CURRENT_USER_KEY)) !== userId) return false;
    const saved = (await storage().get(cacheKey(userId))) as SavedCache | undefined;
    return restoreSaved(queryClient, userId, saved);
  }

  async function restoreSaved(
    queryClient: QueryClient,
    userId: string,
    saved: SavedCache | undefined,
  ): Promise<boolean> {
    const isUsable =
      saved?.userId === userId && saved.buster === buster && now() - saved.savedAt < maxAgeMs;
    if (!isUsable) {
      await forget(userId);
      return false;
    }
    // Answers the cache already has from the server are newer and stay; the copy's own are
    // shown and asked for again, however recent.
    hydrate(queryClient, saved.state);
    const fromCopy = new Set(saved.state.queries.map((query) => query.queryHash));
    await queryClient.invalidateQueries({
      predicate: (query) =>
        fromCopy.has(query.queryHash) && query.state.dataUpdatedAt <= saved.savedAt,
      refetchType: "none",
    });
    return true;
  }

  return {
    /** Puts the current user's copy into the cache; their id, or null when there is none. */
    async restore(queryClient: QueryClient): Promise<string | null> {
      const userId = (await storage().get(CURRENT_USER_KEY)) as string | undefined;
      if (!userId) return null;
      return (await restoreFor(queryClient, userId)) ? userId : null;
    },

    restoreFor,

    /** As restore, from a copy the page read already (`window.tendDeviceCopy`). */
    async restoreRead(queryClient: QueryClient, read: DeviceCopyRead): Promise<string | null> {
      if (!read) return null;
      const saved = read.saved as SavedCache | undefined;
      return (await restoreSaved(queryClient, read.userId, saved)) ? read.userId : null;
    },

    /** Saves what the cache holds for `userId`, and makes them the user the app opens for. */
    async save(queryClient: QueryClient, userId: string): Promise<void> {
      const state = dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        shouldDehydrateMutation: () => false,
      });
      const saved: SavedCache = { userId, buster, savedAt: now(), state };
      // One copy on the device: the user before, whose session ended without a sign-out here,
      // leaves none behind.
      const current = (await storage().get(CURRENT_USER_KEY)) as string | undefined;
      if (current && current !== userId) await storage().del(cacheKey(current));
      await storage().set(cacheKey(userId), saved);
      await storage().set(CURRENT_USER_KEY, userId);
    },

    /** Deletes `userId`'s copy (by default the current user's). */
    forget,
  };
}

/**
 * Keeps the signed-in user's copy up to date as the cache changes. `restoredUserId` is whose copy
 * the cache was opened with: when the server names someone else, their data leaves the cache and
 * the device. Returns a function that stops it.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  persister: QueryCachePersister,
  restoredUserId: string | null,
): () => void {
  let userId = restoredUserId;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A save waits for a copy being read back, so that it does not overwrite it first.
  let restoring: Promise<unknown> = Promise.resolve();

  const saveNow = () => {
    clearTimeout(timer);
    timer = undefined;
    void restoring
      .then(() => {
        // Read when saving: after a sign-out has cleared the cache there is no one to save for.
        const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
        if (me && me.user.id === userId) return persister.save(queryClient, me.user.id);
      })
      .catch(() => {});
  };

  const onChange = () => {
    const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
    if (me === null && userId) {
      // Signed out (the session ended, or was ended elsewhere).
      void persister.forget(userId).catch(() => {});
      userId = null;
    } else if (me && me.user.id !== userId) {
      const previous = userId;
      userId = me.user.id;
      if (previous) {
        void persister.forget(previous).catch(() => {});
        void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== "me" });
      } else {
        // Opened without the copy (a page the server rendered, a public page): what it holds
        // beyond this page's answers is kept, not overwritten by the next save.
        restoring = persister.restoreFor(queryClient, userId).catch(() => false);
      }
    }
    if (me && timer === undefined) timer = setTimeout(saveNow, SAVE_DELAY_MS);
  };

  // Leaving the page (or the app for another) saves what waits.
  const onHidden = () => {
    if (document.visibilityState === "hidden" && timer !== undefined) saveNow();
  };
  const stop = queryClient.getQueryCache().subscribe(onChange);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onHidden);
  return () => {
    stop();
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onHidden);
  };
}

let idbStore: UseStore | undefined;

/** IndexedDB, opened on first use (never on the server, which renders with the same modules). */
function idbStorage(): CacheStorage {
  idbStore ??= createStore(IDB_DATABASE, IDB_STORE);
  const store = idbStore;
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

/** The browser's persister: a new build does not open a copy an older one saved. */
export const queryCachePersister = createQueryCachePersister({
  storage: idbStorage,
  buster: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "development",
});
