import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import deviceCopyRead from "../../../public/device-copy-read.js?raw";
import { DAY_MS, PERSISTED_CACHE_MAX_AGE_MS } from "../../core/constants";
import {
  cacheKey,
  createQueryCachePersister,
  CURRENT_USER_KEY,
  IDB_DATABASE,
  IDB_STORE,
  type CacheStorage,
  type DeviceCopyRead,
} from "./persisted-query-cache";

// The persister's rules on a Map in place of IndexedDB (the browser test,
// installable-app.spec.ts, runs them on the real one).
function mapStorage() {
  const map = new Map<string, unknown>();
  const storage: CacheStorage = {
    get: async (key) => structuredClone(map.get(key)),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
  };
  return { map, storage: () => storage };
}

const ada = { user: { id: "user-ada" } };
const bob = { user: { id: "user-bob" } };

function clientWith(me: { user: { id: string } }, list: string[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(["me"], me);
  queryClient.setQueryData(["contacts", "list", { archived: false }], list);
  return queryClient;
}

describe("the device's copy of the query cache", () => {
  it("is saved under the user's id and opens for them", async () => {
    const { map, storage } = mapStorage();
    const persister = createQueryCachePersister({ storage, buster: "1.0.0" });
    await persister.save(clientWith(ada, ["Ada Lovelace"]), "user-ada");
    expect([...map.keys()].sort()).toEqual(["current-user", "user:user-ada"]);

    const reopened = new QueryClient();
    expect(await persister.restore(reopened)).toBe("user-ada");
    expect(reopened.getQueryData(["contacts", "list", { archived: false }])).toEqual([
      "Ada Lovelace",
    ]);
    // Shown, then asked for again.
    expect(reopened.getQueryState(["contacts", "list", { archived: false }])?.isInvalidated).toBe(
      true,
    );
  });

  it("keeps successful reads the app shows offline, never the session or a failed read", async () => {
    const { map, storage } = mapStorage();
    const persister = createQueryCachePersister({ storage, buster: "1.0.0" });
    const queryClient = clientWith(ada, []);
    queryClient.setQueryData(["auth-session"], { token: "secret-session-token" });
    queryClient.setQueryData(["reminders", "chat-channels"], { startLink: "secret" });
    await queryClient
      .fetchQuery({
        queryKey: ["contacts", "detail", "gone"],
        queryFn: () => Promise.reject(new Error("404")),
        retry: false,
      })
      .catch(() => {});
    await persister.save(queryClient, "user-ada");
    const copy = JSON.stringify(map.get("user:user-ada"));
    expect(copy).not.toContain("secret");
    expect(copy).not.toContain("gone");
    expect(copy).toContain('["contacts","list",{"archived":false}]');
  });

  it("opens nothing for another user: one copy on the device, the last user's", async () => {
    const { map, storage } = mapStorage();
    const persister = createQueryCachePersister({ storage, buster: "1.0.0" });
    await persister.save(clientWith(ada, ["Ada's friend"]), "user-ada");
    await persister.save(clientWith(bob, ["Bob's friend"]), "user-bob");
    expect([...map.keys()].sort()).toEqual(["current-user", "user:user-bob"]);

    const forAda = new QueryClient();
    expect(await persister.restoreFor(forAda, "user-ada")).toBe(false);
    expect(forAda.getQueryCache().getAll()).toEqual([]);
    const opened = new QueryClient();
    expect(await persister.restore(opened)).toBe("user-bob");
    expect(JSON.stringify(opened.getQueryData(["contacts", "list", { archived: false }]))).toBe(
      '["Bob\'s friend"]',
    );
  });

  it("is not opened by another build (the buster) and deleted", async () => {
    const { map, storage } = mapStorage();
    await createQueryCachePersister({ storage, buster: "1.0.0" }).save(
      clientWith(ada, ["Ada Lovelace"]),
      "user-ada",
    );
    const nextBuild = createQueryCachePersister({ storage, buster: "1.1.0" });
    const queryClient = new QueryClient();
    expect(await nextBuild.restore(queryClient)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(map.size).toBe(0);
  });

  it("is not opened once older than its maximum age, and deleted", async () => {
    const { map, storage } = mapStorage();
    let now = Date.parse("2026-12-01T08:00:00Z");
    const persister = createQueryCachePersister({ storage, buster: "1.0.0", now: () => now });
    await persister.save(clientWith(ada, ["Ada Lovelace"]), "user-ada");
    now += PERSISTED_CACHE_MAX_AGE_MS - DAY_MS;
    expect(await persister.restore(new QueryClient())).toBe("user-ada");
    now += DAY_MS;
    expect(await persister.restore(new QueryClient())).toBeNull();
    expect(map.size).toBe(0);
  });

  it("is deleted on sign-out (forget), with whose copy the app opens", async () => {
    const { map, storage } = mapStorage();
    const persister = createQueryCachePersister({ storage, buster: "1.0.0" });
    await persister.save(clientWith(ada, ["Ada Lovelace"]), "user-ada");
    await persister.forget();
    expect(map.size).toBe(0);
    expect(await persister.restore(new QueryClient())).toBeNull();
  });

  it("keeps the newer answers a page already has when a copy is read back into it", async () => {
    const { storage } = mapStorage();
    let now = 1_000;
    const persister = createQueryCachePersister({ storage, buster: "1.0.0", now: () => now });
    const before = new QueryClient();
    before.setQueryData(["me"], ada, { updatedAt: 900 });
    before.setQueryData(["contacts", "list", { archived: false }], ["old list"], {
      updatedAt: 900,
    });
    before.setQueryData(["contacts", "detail", "c1"], { name: "Ada" }, { updatedAt: 900 });
    await persister.save(before, "user-ada");

    now = 5_000;
    const serverRendered = new QueryClient();
    serverRendered.setQueryData(["contacts", "list", { archived: false }], ["new list"], {
      updatedAt: 4_000,
    });
    expect(await persister.restoreFor(serverRendered, "user-ada")).toBe(true);
    expect(serverRendered.getQueryData(["contacts", "list", { archived: false }])).toEqual([
      "new list",
    ]);
    expect(
      serverRendered.getQueryState(["contacts", "list", { archived: false }])?.isInvalidated,
    ).toBe(false);
    expect(serverRendered.getQueryData(["contacts", "detail", "c1"])).toEqual({ name: "Ada" });
  });

  it("opens from what /device-copy-read.js read while the code loaded, by the same rules", async () => {
    const { map, storage } = mapStorage();
    const persister = createQueryCachePersister({ storage, buster: "1.0.0" });
    await persister.save(clientWith(ada, ["Ada's friend"]), "user-ada");

    // The page's script, run on an IndexedDB whose one store is the Map the persister wrote.
    const opened: string[] = [];
    const answer = (result: unknown) => {
      const request: { result?: unknown; onsuccess?: () => void } = {};
      setTimeout(() => {
        request.result = result;
        request.onsuccess?.();
      });
      return request;
    };
    const transaction = { objectStore: (name: string) => (opened.push(`store ${name}`), store) };
    const store = { get: (key: string) => answer(structuredClone(map.get(key))) };
    const db = {
      transaction: (name: string) => (opened.push(`transaction ${name}`), transaction),
      close: () => opened.push("closed"),
    };
    const indexedDB = { open: (name: string) => (opened.push(`database ${name}`), answer(db)) };
    const read = (pathname: string) => {
      const window: { indexedDB: unknown; tendDeviceCopy?: Promise<DeviceCopyRead> } = {
        indexedDB,
      };
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script, run as a page runs it
      new Function("window", "indexedDB", "location", deviceCopyRead)(window, indexedDB, {
        pathname,
      });
      return window.tendDeviceCopy;
    };

    expect(read("/auth")).toBeUndefined();
    const early = await read("/app/contacts");
    expect(opened).toEqual([
      `database ${IDB_DATABASE}`,
      `transaction ${IDB_STORE}`,
      `store ${IDB_STORE}`,
    ]);
    expect(early).toEqual({ userId: "user-ada", saved: map.get(cacheKey("user-ada")) });
    expect(map.get(CURRENT_USER_KEY)).toBe("user-ada");

    const reopened = new QueryClient();
    expect(await persister.restoreRead(reopened, early!)).toBe("user-ada");
    expect(reopened.getQueryData(["contacts", "list", { archived: false }])).toEqual([
      "Ada's friend",
    ]);
    // Another build's copy, or none, opens nothing.
    const nextBuild = createQueryCachePersister({ storage, buster: "2.0.0" });
    expect(await nextBuild.restoreRead(new QueryClient(), early!)).toBeNull();
    expect(await persister.restoreRead(new QueryClient(), null)).toBeNull();
  });
});
