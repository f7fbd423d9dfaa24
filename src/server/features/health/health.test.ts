import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../../tests/helpers/test-app";

describe("health and config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("reports alive and ready on a migrated database", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: true, migrated: true });
  });

  it("serves the public config without secrets", async () => {
    const res = await t.app.inject({ url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appName: "Tend", planPriceUsd: 8, isGoogleEnabled: false });
    expect(res.body).not.toContain("test-secret");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });

  it("sends security headers with a content security policy", async () => {
    const res = await t.app.inject({ url: "/api/config" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("compresses larger responses for browsers that accept it", async () => {
    const res = await t.app.inject({
      url: "/api/docs",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
  });
});

describe("Google sign-in configuration", () => {
  it("is announced to the browser only when both the client id and secret are set", async () => {
    const t = await build({
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    try {
      const res = await t.app.inject({ url: "/api/config" });
      expect(res.json().isGoogleEnabled).toBe(true);
      expect(res.body).not.toContain("secret");
      const start = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { origin: "http://localhost:3000" },
        payload: { provider: "google", callbackURL: "/auth/oauth-callback" },
      });
      expect(start.statusCode).toBe(200);
      expect(start.json().url).toMatch(/^https:\/\/accounts\.google\.com\//);
    } finally {
      await t.close();
    }
  });
});
