import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  cookieFrom,
  TEST_APP_URL,
  uniqueEmail,
  type TestApp,
} from "../../../../tests/helpers/test-app";

const PASSWORD = "correct-horse-1";

describe("POST /api/test/users", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ENABLE_TEST_ROUTES: "true", BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(async () => t.close());

  const createTestUser = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/test/users", payload });

  it("signs in a verified, subscribed and onboarded user whose password works on the real form", async () => {
    const email = uniqueEmail("made");
    const res = await createTestUser({ email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email });
    const cookie = cookieFrom(res);

    const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().settings.onboardingCompleted).toBe(true);
    const billing = await t.app.inject({ url: "/api/billing/status", headers: { cookie } });
    expect(billing.json().status).toBe("active");

    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("leaves the trial and onboarding to the test when asked, and makes up an address", async () => {
    const res = await createTestUser({ password: PASSWORD, subscribed: false, onboarded: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().email).toMatch(/@example\.com$/);
    const cookie = cookieFrom(res);
    const state = await t.app.inject({ url: "/api/onboarding", headers: { cookie } });
    expect(state.json()).toMatchObject({ emailVerified: true, onboardingCompleted: false });
    const billing = await t.app.inject({ url: "/api/billing/status", headers: { cookie } });
    expect(billing.json().status).toBe("none");
  });

  it("refuses an address that already has an account, and a short password", async () => {
    const email = uniqueEmail("taken");
    expect((await createTestUser({ email, password: PASSWORD })).statusCode).toBe(201);
    const again = await createTestUser({ email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already has an account/);
    expect((await createTestUser({ password: "short" })).statusCode).toBe(400);
  });
});

describe("without ENABLE_TEST_ROUTES", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("has no test routes", async () => {
    for (const url of ["/api/test/users", "/api/test/clock"]) {
      const res = await t.app.inject({ method: "POST", url, payload: { password: PASSWORD } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
