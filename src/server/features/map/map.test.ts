import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { profiles } from "../../db/schema/index";

describe("GET /api/map/config", () => {
  let offline: TestApp;
  let vendor: TestApp;
  beforeAll(async () => {
    offline = await build();
    vendor = await build({
      MAP_STYLE_URL: "https://tiles.example.com/styles/{style}/style.json",
      MAP_TOKEN: "pk.test-token",
    });
  });
  afterAll(async () => {
    await offline.close();
    await vendor.close();
  });

  it("needs a session", async () => {
    const res = await offline.app.inject({ method: "GET", url: "/api/map/config" });
    expect(res.statusCode).toBe(401);
  });

  it("is offline by default and starts at the profile location when it is valid", async () => {
    const user = await createUser(offline.app);
    const first = await injectAs(offline.app, user, { method: "GET", url: "/api/map/config" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.json()).toEqual({ styleUrl: null, token: null, home: null });

    await offline.app.db
      .update(profiles)
      .set({ latitude: 38.72, longitude: -9.14 })
      .where(eq(profiles.id, user.id));
    const located = await injectAs(offline.app, user, { method: "GET", url: "/api/map/config" });
    expect(located.json().home).toEqual({ latitude: 38.72, longitude: -9.14 });

    // A stored coordinate outside spec 02 §5's ranges is no start position.
    await offline.app.db
      .update(profiles)
      .set({ latitude: 120, longitude: -9.14 })
      .where(eq(profiles.id, user.id));
    const invalid = await injectAs(offline.app, user, { method: "GET", url: "/api/map/config" });
    expect(invalid.json().home).toBeNull();
  });

  it("hands the vendor style and token to a signed-in user when configured", async () => {
    const user = await createUser(vendor.app);
    const res = await injectAs(vendor.app, user, { method: "GET", url: "/api/map/config" });
    expect(res.json()).toMatchObject({
      styleUrl: "https://tiles.example.com/styles/{style}/style.json",
      token: "pk.test-token",
    });
    // The page may load the vendor's style and tiles; an offline deployment allows only itself.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.com/);
    const offlineUser = await createUser(offline.app);
    const own = await injectAs(offline.app, offlineUser, { method: "GET", url: "/api/map/config" });
    expect(String(own.headers["content-security-policy"])).toMatch(/connect-src 'self';/);
  });
});
