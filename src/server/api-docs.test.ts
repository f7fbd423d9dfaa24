// The OpenAPI document: served outside production, and in production only with API_DOCS=true.
import { afterEach, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../tests/helpers/test-app";

const PRODUCTION = {
  NODE_ENV: "production",
  APP_URL: "https://tend.example",
  SMTP_URL: "smtp://127.0.0.1:2525",
  BILLING_PROVIDER: "off",
};

describe("/api/docs", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  }, 60_000);

  it("is served outside production", async () => {
    t = await build();
    const res = await t.app.inject({ url: "/api/docs/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty("openapi");
  }, 180_000);

  it("is not served in production unless API_DOCS=true", async () => {
    t = await build(PRODUCTION);
    for (const url of ["/api/docs", "/api/docs/openapi.json"]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    await t.close();
    t = await build({ ...PRODUCTION, API_DOCS: "true" });
    expect((await t.app.inject({ url: "/api/docs" })).statusCode).toBe(200);
  }, 180_000);
});
