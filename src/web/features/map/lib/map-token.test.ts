// The vendor token's sources in the spec's order (02 §7): memory, session storage, the public
// runtime value, then GET /api/map/config; a refused token is forgotten everywhere.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as MapTokenModule from "./map-token";

type MapToken = typeof MapTokenModule;

function fakeSessionStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof fakeSessionStorage>;
let mapToken: MapToken;

beforeEach(async () => {
  storage = fakeSessionStorage();
  vi.stubGlobal("window", { sessionStorage: storage });
  vi.resetModules();
  mapToken = await import("./map-token"); // a fresh memory cache per test
});
afterEach(() => vi.unstubAllGlobals());

describe("resolveMapToken", () => {
  it("asks the server last, and keeps its answer in memory and session storage", async () => {
    const fetchToken = vi.fn(async () => "from-server");
    expect(await mapToken.resolveMapToken(fetchToken, undefined)).toBe("from-server");
    expect(storage.getItem("tend.mapToken")).toBe("from-server");
    expect(await mapToken.resolveMapToken(fetchToken, undefined)).toBe("from-server");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it("takes the public runtime value before the server", async () => {
    const fetchToken = vi.fn(async () => "from-server");
    expect(await mapToken.resolveMapToken(fetchToken, "public")).toBe("public");
    expect(fetchToken).not.toHaveBeenCalled();
  });

  it("takes session storage before the runtime value", async () => {
    storage.setItem("tend.mapToken", "from-session");
    expect(await mapToken.resolveMapToken(async () => "from-server", "public")).toBe(
      "from-session",
    );
  });

  it("takes memory before session storage", async () => {
    await mapToken.resolveMapToken(async () => "first", undefined);
    storage.setItem("tend.mapToken", "changed");
    expect(await mapToken.resolveMapToken(async () => "from-server", "public")).toBe("first");
  });

  it("forgets a refused token in memory and storage, so the next load asks again", async () => {
    await mapToken.resolveMapToken(async () => "refused", undefined);
    mapToken.forgetMapToken();
    expect(storage.getItem("tend.mapToken")).toBeNull();
    expect(await mapToken.resolveMapToken(async () => "fresh", undefined)).toBe("fresh");
  });

  it("answers null when no source has one", async () => {
    expect(await mapToken.resolveMapToken(async () => null, undefined)).toBeNull();
    expect(storage.getItem("tend.mapToken")).toBeNull();
  });
});
