import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, TEST_APP_URL, uniqueEmail, type TestApp } from "../../../../tests/helpers/test-app";
import { rateLimits, users } from "../../db/schema/index";

function signIn(t: TestApp, headers: Record<string, string>, remoteAddress = "10.9.9.9") {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers,
    remoteAddress,
    payload: { email: "nobody@example.com", password: "wrong-password" },
  });
}

describe("origin check", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("refuses a sign-in posted from another site", async () => {
    const res = await signIn(t, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    // Our same-origin check (plugins/same-origin.ts) answers before Better Auth's own.
    expect(res.json().error.code).toBe("FORBIDDEN");
    // The same request from our own origin reaches the password check.
    expect((await signIn(t, { origin: TEST_APP_URL })).statusCode).toBe(401);
  });

  it("refuses a cookie-carrying request from another site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: "https://evil.example", cookie: "better-auth.session_token=x" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("session cookie in production", () => {
  const appUrl = "https://tend.example";
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      NODE_ENV: "production",
      APP_URL: appUrl,
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
  });
  afterAll(async () => t.close());

  it("is Secure, HttpOnly and SameSite=Lax, and signs the user in", async () => {
    const email = uniqueEmail("prod");
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: appUrl },
      payload: { email, password: "secret-pass", name: "P" },
    });
    expect(signUp.statusCode).toBe(200);
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: appUrl },
      payload: { email, password: "secret-pass" },
    });
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers["set-cookie"] ?? []].flat();
    const session = cookies.find((c) => c.startsWith("__Secure-better-auth.session_token="));
    expect(session).toBeDefined();
    const attributes = session!.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));

    const me = await t.app.inject({ url: "/api/me", headers: { cookie: session!.split(";")[0] } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
  });
});

describe("rate limits behind a trusted proxy (TRUST_PROXY=true)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RATE_LIMIT_ENABLED: "true", TRUST_PROXY: "true" });
  });
  afterAll(async () => t.close());

  it("counts each client by X-Forwarded-For, in the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signIn(t, { origin: TEST_APP_URL, "x-forwarded-for": "198.51.100.7" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy has its own bucket.
    const other = await signIn(t, { origin: TEST_APP_URL, "x-forwarded-for": "198.51.100.8" });
    expect(other.statusCode).toBe(401);

    const rows = await t.app.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, "198.51.100.%"));
    expect(rows.map((r) => r.key).sort()).toEqual([
      "198.51.100.7|/sign-in/email",
      "198.51.100.8|/sign-in/email",
    ]);
    expect(rows.some((r) => r.key.includes("10.9.9.9"))).toBe(false);
  });
});
