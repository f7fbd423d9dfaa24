import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { DAY_MS } from "../../../core/constants";
import { payLocal, startCheckout } from "../../../../tests/helpers/billing-test-kit";
import { TEST_CLOCK_COOKIE } from "./test-clock-scope";

describe("a request's own test clock (cookie)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ENABLE_TEST_ROUTES: "true", BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(async () => t.close());

  it("moves time for the requests that carry it, and for no others", async () => {
    const user = await createUser(t.app);
    await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    const later = { ...user, cookie: `${user.cookie}; ${TEST_CLOCK_COOKIE}=${16 * DAY_MS}` };
    const moved = (await injectAs(t.app, later, { url: "/api/billing/status" })).json();
    expect(moved.status).toBe("none");
    expect(Date.parse(moved.serverNow)).toBeGreaterThan(Date.now() + 15 * DAY_MS);
    expect((await injectAs(t.app, user, { url: "/api/billing/status" })).json().status).toBe(
      "active",
    );
  });

  it("holds through body parsing (a POST with a JSON body)", async () => {
    const id = await startCheckout(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/billing/local/sessions/${id}/pay`,
      headers: { cookie: `${TEST_CLOCK_COOKIE}=${2 * DAY_MS}` },
      payload: {
        email: "a@example.com",
        cardNumber: "4242424242424242",
        expiry: "12/99",
        cvc: "123",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired/);
    expect((await payLocal(t.app, id)).statusCode).toBe(200);
  });
});

describe("without ENABLE_TEST_ROUTES", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(async () => t.close());

  it("ignores the cookie", async () => {
    const user = await createUser(t.app);
    await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    const later = { ...user, cookie: `${user.cookie}; ${TEST_CLOCK_COOKIE}=${16 * DAY_MS}` };
    expect((await injectAs(t.app, later, { url: "/api/billing/status" })).json().status).toBe(
      "active",
    );
  });
});
