// Paying during the trial keeps the trial's days: the paid plan waits ("trialing") and its first
// charge is when the trial ends, with the local provider and with Stripe (through its fake).
import { addMonths } from "date-fns";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  countMails,
  payLocal,
  readBilling,
  setClockOffset,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";
import { startStripeFake, type StripeFake } from "../../../../tests/helpers/stripe-fake";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { DAY_MS, HOUR_MS } from "../../../core/constants";

function startTrial(t: TestApp, user: TestUser) {
  return injectAs(t.app, user, {
    method: "POST",
    url: "/api/billing/onboarding-subscription",
    payload: {},
  });
}

async function readStatus(t: TestApp, user: TestUser) {
  const res = await injectAs(t.app, user, { url: "/api/billing/status" });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function trialEndOf(t: TestApp, user: TestUser): Promise<Date> {
  const { subs } = await readBilling(t.app, user.id);
  return subs.find((s) => s.provider === "trial")!.currentPeriodEnd!;
}

describe("paying during the trial, local provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(async () => t.close());
  beforeEach(() => setClockOffset(t.app, 0));

  it("keeps the days left: the paid month starts when the trial ends", async () => {
    const user = await createUser(t.app);
    await startTrial(t, user);
    const trialEnd = await trialEndOf(t, user);
    setClockOffset(t.app, 4 * DAY_MS);
    expect((await payLocal(t.app, await startCheckout(t.app, user))).statusCode).toBe(200);

    // Still the trial in force, with the plan waiting for it to end.
    const during = await readStatus(t, user);
    expect(during).toMatchObject({
      status: "active",
      manage: "local",
      billingStatus: { isTrial: true, currentPeriodEnd: trialEnd.toISOString() },
      scheduledPlan: { startsAt: trialEnd.toISOString(), cancelAtPeriodEnd: false },
    });
    const { subs } = await readBilling(t.app, user.id);
    expect(subs.find((s) => s.provider === "local")).toMatchObject({
      status: "trialing",
      currentPeriodEnd: trialEnd,
    });
    expect(await countMails(t.app, user.id, "subscription-started")).toBe(1);
    // Paying twice is refused.
    const again = await injectAs(t.app, user, { method: "POST", url: "/api/billing/checkout" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "You have already subscribed: your plan starts when your trial ends. You can manage it in Settings.",
    );

    // The trial ends: the first paid month runs from its last day.
    setClockOffset(t.app, trialEnd.getTime() - Date.now() + HOUR_MS);
    const after = await readStatus(t, user);
    expect(after).toMatchObject({
      status: "active",
      isWithinGrace: false,
      scheduledPlan: null,
      billingStatus: {
        isTrial: false,
        provider: "local",
        currentPeriodEnd: addMonths(trialEnd, 1).toISOString(),
      },
    });
  });

  it("cancelling the waiting plan charges nothing: access ends with the trial", async () => {
    const user = await createUser(t.app);
    await startTrial(t, user);
    const trialEnd = await trialEndOf(t, user);
    await payLocal(t.app, await startCheckout(t.app, user));
    const cancel = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/subscription/cancel",
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().scheduledPlan).toEqual({
      startsAt: trialEnd.toISOString(),
      cancelAtPeriodEnd: true,
    });
    setClockOffset(t.app, trialEnd.getTime() - Date.now() + 2 * DAY_MS);
    expect((await readStatus(t, user)).status).toBe("none");
    const { subs } = await readBilling(t.app, user.id);
    expect(subs.find((s) => s.provider === "local")?.status).toBe("canceled");
  });

  it("pays at once when the trial is already over", async () => {
    const user = await createUser(t.app);
    await startTrial(t, user);
    setClockOffset(t.app, 14 * DAY_MS + HOUR_MS);
    await payLocal(t.app, await startCheckout(t.app, user));
    expect(await readStatus(t, user)).toMatchObject({
      status: "active",
      scheduledPlan: null,
      billingStatus: { isTrial: false, provider: "local" },
    });
  });
});

describe("paying during the trial, Stripe", () => {
  let t: TestApp;
  let stripe: StripeFake;
  let events = 0;
  beforeAll(async () => {
    stripe = await startStripeFake();
    t = await build({ ...stripe.env, TRIAL_DAYS: "14" });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => setClockOffset(t.app, 0));

  function deliver(type: string, object: Record<string, unknown>) {
    events += 1;
    const { payload, headers } = stripe.signedDelivery({
      id: `evt_trial_${events}`,
      type,
      data: { object },
    });
    return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers, payload });
  }

  it("asks Checkout for trial_end at the trial's end; the plan starts when Stripe charges", async () => {
    const user = await createUser(t.app);
    await startTrial(t, user);
    const trialEnd = await trialEndOf(t, user);
    const sessionId = await startCheckout(t.app, user);
    const request = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(request.body["subscription_data[trial_end]"]).toBe(
      String(Math.ceil(trialEnd.getTime() / 1000)),
    );

    const session = stripe.completeCheckout(sessionId);
    const subscriptionId = session.subscription as string;
    expect((await deliver("checkout.session.completed", session)).statusCode).toBe(200);
    expect(await readStatus(t, user)).toMatchObject({
      status: "active",
      manage: "portal",
      billingStatus: { isTrial: true },
      scheduledPlan: { cancelAtPeriodEnd: false },
    });

    stripe.endTrial(subscriptionId);
    const sub = stripe.subscriptionsById.get(subscriptionId)!;
    expect((await deliver("customer.subscription.updated", sub)).statusCode).toBe(200);
    expect(await readStatus(t, user)).toMatchObject({
      status: "active",
      scheduledPlan: null,
      billingStatus: { isTrial: false, provider: "stripe" },
    });
  });

  it("carries a trial with under 48 hours left to Stripe's earliest trial_end, and the trial with it", async () => {
    const user = await createUser(t.app);
    await startTrial(t, user);
    setClockOffset(t.app, 13 * DAY_MS);
    const sessionId = await startCheckout(t.app, user);
    const request = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    const asked = Number(request.body["subscription_data[trial_end]"]) * 1000;
    expect(asked - t.app.clock.now().getTime()).toBeGreaterThanOrEqual(48 * HOUR_MS);

    const session = stripe.completeCheckout(sessionId);
    await deliver("checkout.session.completed", session);
    expect((await trialEndOf(t, user)).getTime()).toBe(asked);
    expect((await readStatus(t, user)).billingStatus.isTrial).toBe(true);
  });
});
