// The server side of access gating: paid API routes answer 402 to a user whose subscription is
// none, so the client's unknown-allows-access fallback is never a way around payment.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { createUser, injectAs, testEnv, TEST_APP_URL } from "../../../../tests/helpers/test-app";
import { createTestDatabase } from "../../../../tests/helpers/test-database";
import { DAY_MS, HOUR_MS } from "../../../core/constants";
import {
  payLocal,
  setClockOffset,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";

const PROBE = "/api/test-only/paid-probe";

// The real app plus one route guarded exactly like every paid feature route.
async function buildWithProbe(overrides: Record<string, string>) {
  const database: Database = await createTestDatabase();
  const app = await buildApp({ env: testEnv(overrides), database, serveWeb: false, logger: false });
  app.get(PROBE, { preHandler: app.requirePaidUser }, async () => ({ ok: true }));
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe("402 on paid routes (local provider)", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await buildWithProbe({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" }));
  });
  afterAll(async () => close());
  beforeEach(() => setClockOffset(app, 0));

  const startTrial = (user: Awaited<ReturnType<typeof createUser>>) =>
    injectAs(app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });

  it("answers 402 with a clear message to a user without a subscription", async () => {
    const user = await createUser(app);
    const res = await injectAs(app, user, { url: PROBE });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: "PAYMENT_REQUIRED",
      message: "Your Tend subscription is not active. Subscribe to keep using this feature.",
    });
  });

  it("still answers 401 to a signed-out request, before any billing check", async () => {
    const signedOut = await app.inject({ url: PROBE, headers: { origin: TEST_APP_URL } });
    expect(signedOut.statusCode).toBe(401);
  });

  it("lets a trial user in, through the 24 h grace, and not after", async () => {
    const user = await createUser(app);
    await startTrial(user);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(200);
    setClockOffset(app, 14 * DAY_MS + 23 * HOUR_MS);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(200);
    setClockOffset(app, 15 * DAY_MS + HOUR_MS);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(402);
  });

  it("lets a paying user back in after their trial ended", async () => {
    const user = await createUser(app);
    await startTrial(user);
    setClockOffset(app, 16 * DAY_MS);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(402);
    await payLocal(app, await startCheckout(app, user));
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(200);
  });

  it("keeps a local subscription paid for month after month (renewal on the clock)", async () => {
    const user = await createUser(app);
    await payLocal(app, await startCheckout(app, user));
    setClockOffset(app, 70 * DAY_MS);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(200);
  });

  it("guards every paid feature route the app registers (GET routes without parameters)", async () => {
    const user = await createUser(app);
    const routes = app.billing.paidRoutes.filter((r) => r.method === "GET" && !r.url.includes(":"));
    expect(routes.map((r) => r.url)).toContain(PROBE);
    for (const route of routes) {
      const res = await injectAs(app, user, { url: route.url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(402);
    }
  });
});

describe("BILLING_PROVIDER=off", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await buildWithProbe({ BILLING_PROVIDER: "off" }));
  });
  afterAll(async () => close());

  it("lets every verified user in, with an active status and nothing to pay", async () => {
    const user = await createUser(app);
    expect((await injectAs(app, user, { url: PROBE })).statusCode).toBe(200);
    const status = (await injectAs(app, user, { url: "/api/billing/status" })).json();
    expect(status).toMatchObject({
      provider: "off",
      status: "active",
      manage: "none",
      billingStatus: { subscriptionStatus: "active", currentPeriodEnd: null, provider: "off" },
    });
    const onboard = await injectAs(app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    expect(onboard.json()).toEqual({ outcome: "existing", subscriptionStatus: "active" });
    const checkout = await injectAs(app, user, { method: "POST", url: "/api/billing/checkout" });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error.message).toMatch(/Billing is turned off/);
  });
});

describe("switching BILLING_PROVIDER from off to local on the same database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  async function buildOn(overrides: Record<string, string>) {
    const app = await buildApp({
      env: testEnv(overrides),
      database,
      serveWeb: false,
      logger: false,
    });
    app.get(PROBE, { preHandler: app.requirePaidUser }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it("stops the access granted while billing was off", async () => {
    const off = await buildOn({ BILLING_PROVIDER: "off" });
    const user = await createUser(off);
    expect((await injectAs(off, user, { url: PROBE })).statusCode).toBe(200);
    const whileOff = (await injectAs(off, user, { url: "/api/billing/status" })).json();
    expect(whileOff).toMatchObject({ status: "active", billingStatus: { provider: "off" } });
    await off.close();

    const local = await buildOn({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
    try {
      // The paid-route check is the first reader here: it must not trust the stored off row.
      const probe = await injectAs(local, user, { url: PROBE });
      expect(probe.statusCode).toBe(402);
      expect(probe.json().error.code).toBe("PAYMENT_REQUIRED");
      const status = (await injectAs(local, user, { url: "/api/billing/status" })).json();
      expect(status).toMatchObject({ provider: "local", status: "none", billingStatus: null });

      // Paying with the local provider gives access again.
      await payLocal(local, await startCheckout(local, user));
      expect((await injectAs(local, user, { url: PROBE })).statusCode).toBe(200);
      const paid = (await injectAs(local, user, { url: "/api/billing/status" })).json();
      expect(paid).toMatchObject({ status: "active", billingStatus: { provider: "local" } });
    } finally {
      await local.close();
    }
  });
});
