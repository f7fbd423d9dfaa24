// Test doubles for the browser globals the verification code uses under Vitest's node
// environment: a scripted same-origin API behind `fetch` (recording when each call happened, so
// fake-timer tests can assert the waits) and an in-memory localStorage.
import { afterEach, beforeEach, vi } from "vitest";

export type FakeReply = { status: number; body?: unknown } | "network-error";

export type FakeCall = { route: string; url: string; body: unknown; atMs: number };

/**
 * `replies` maps "METHOD /path" to the answers given in turn; the last one repeats. A call to a
 * route with no replies is recorded and answered 599, so tests that list the calls see it.
 */
export function fakeApi(replies: Record<string, FakeReply[]>) {
  const startedAt = Date.now();
  const calls: FakeCall[] = [];
  const served = new Map<string, number>();
  const fakeFetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const route = `${method} ${input.split("?")[0]}`;
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, url: input, body, atMs: Date.now() - startedAt });
    const list = replies[route] ?? [{ status: 599, body: { unexpected: route } }];
    const index = served.get(route) ?? 0;
    served.set(route, index + 1);
    const reply = list[Math.min(index, list.length - 1)]!;
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fakeFetch);
  return {
    calls,
    routes: () => calls.map((c) => c.route),
    /** Milliseconds after the fake was installed at which `route` was called. */
    times: (route: string) => calls.filter((c) => c.route === route).map((c) => c.atMs),
  };
}

export function fakeLocalStorage(): Storage {
  const data = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
  vi.stubGlobal("localStorage", storage);
  return storage;
}

/** For a test file: fake timers and an empty localStorage in each test, real globals after it. */
export function installFakeBrowser(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeLocalStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
