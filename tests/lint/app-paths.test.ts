// The server's list of app paths (core/app-paths.ts, which decides 200 or 404 for a page) must
// name exactly the paths of the web router: a screen added to one is added to the other.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_PATHS } from "../../src/core/app-paths";

describe("app paths and the router", () => {
  it("lists every path of the web router, and no other", () => {
    const router = readFileSync(new URL("../../src/web/app/router.tsx", import.meta.url), "utf8");
    const declared = [...router.matchAll(/path: "([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((path) => path !== "*")
      .map((path) => (path.startsWith("/") ? path : `/app/${path}`));
    expect([...new Set(declared)].sort()).toEqual([...APP_PATHS].sort());
  });
});
