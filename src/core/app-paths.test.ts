import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_PATHS, isAppPath } from "./app-paths";

describe("the app's paths", () => {
  it("lists every path of the web router, and no other", () => {
    const router = readFileSync(new URL("../web/app/router.tsx", import.meta.url), "utf8");
    const declared = [...router.matchAll(/path: "([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((path) => path !== "*")
      .map((path) => (path.startsWith("/") ? path : `/app/${path}`));
    expect([...new Set(declared)].sort()).toEqual([...APP_PATHS].sort());
  });

  it("matches screens with their ids and a trailing slash, not unknown paths", () => {
    expect(isAppPath("/app/contacts/7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001")).toBe(true);
    expect(isAppPath("/app/settings/")).toBe(true);
    expect(isAppPath("/")).toBe(true);
    expect(isAppPath("/app/contacts/1/extra")).toBe(false);
    expect(isAppPath("/no-such-page")).toBe(false);
    expect(isAppPath("/app/nothing")).toBe(false);
  });
});
