// The Stripe provider through the official SDK against a local fake of Stripe's API, with
// webhook payloads signed locally. No request leaves the machine.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import {
  FAKE_PRICE_ID,
  startStripeFake,
  type StripeFake,
} from "../../../../tests/helpers/stripe-fake";
import { webhookEvents } from "../../db/schema/index";
import {
  countMails,
  readBilling,
  readCheckoutRow,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";
import { STRIPE_WEBHOOK_LIMITS } from "./stripe-provider";

describe("billing with Stripe (local fake)", () => {
  let t: TestApp;
  let stripe: StripeFake;
  let eventCounter = 0;

  beforeAll(async () => {
    stripe = await startStripeFake();
    t = await build(stripe.env);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  function deliver(
    event: { type: string; object: Record<string, unknown>; id?: string },
    secret?: string,
  ) {
    eventCounter += 1;
    const { payload, headers } = stripe.signedDelivery(
      {
        id: event.id ?? `evt_test_${eventCounter}`,
        type: event.type,
        data: { object: event.object },
      },
      secret,
    );
    return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers, payload });
  }

  const sessionCompleted = (sessionId: string, id?: string) =>
    deliver({
      id,
      type: "checkout.session.completed",
      object: { id: sessionId, object: "checkout.session", mode: "subscription" },
    });

  /** A user with a paid, linked Stripe subscription. */
  async function subscribedUser(): Promise<{ user: TestUser; subscriptionId: string }> {
    const user = await createUser(t.app);
    const sessionId = await startCheckout(t.app, user);
    const session = stripe.completeCheckout(sessionId);
    expect((await sessionCompleted(sessionId)).statusCode).toBe(200);
    return { user, subscriptionId: session.subscription as string };
  }

  describe("checkout", () => {
    it("creates a subscription-mode Checkout Session with an idempotency key", async () => {
      const user = await createUser(t.app);
      const res = await injectAs(t.app, user, { method: "POST", url: "/api/billing/checkout" });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const request = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
      expect(request.body).toMatchObject({
        mode: "subscription",
        "line_items[0][price]": FAKE_PRICE_ID,
        "line_items[0][quantity]": "1",
        success_url: `${TEST_APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${TEST_APP_URL}/subscribe`,
        customer_email: user.email,
        client_reference_id: user.id,
      });
      expect(request.idempotencyKey).toMatch(/^checkout-/);
      const again = await injectAs(t.app, user, { method: "POST", url: "/api/billing/checkout" });
      expect(again.json().url).toBe(res.json().url);
    });

    it("works signed out too", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers: { origin: TEST_APP_URL },
      });
      expect(res.statusCode).toBe(200);
      const request = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
      expect(request.body.customer_email).toBeUndefined();
    });

    it("has no local checkout page", async () => {
      const res = await t.app.inject({ url: "/api/billing/local/sessions/cs_local_x" });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("webhook", () => {
    it("answers 400 to a bad or missing signature and changes nothing", async () => {
      const user = await createUser(t.app);
      const sessionId = await startCheckout(t.app, user);
      stripe.completeCheckout(sessionId);
      const reads = stripe.requests.length;
      const forged = await deliver(
        {
          id: "evt_forged",
          type: "checkout.session.completed",
          object: { id: sessionId, mode: "subscription" },
        },
        "whsec_not_the_secret",
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.message).toBe("Invalid webhook signature.");
      const unsigned = await t.app.inject({
        method: "POST",
        url: "/api/billing/webhook",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ id: "evt_unsigned", type: "checkout.session.completed" }),
      });
      expect(unsigned.statusCode).toBe(400);
      // A body altered after signing fails too.
      const { payload, headers } = stripe.signedDelivery({
        id: "evt_tampered",
        type: "x",
        data: { object: {} },
      });
      const tampered = await t.app.inject({
        method: "POST",
        url: "/api/billing/webhook",
        headers,
        payload: payload.replace('"x"', '"checkout.session.completed"'),
      });
      expect(tampered.statusCode).toBe(400);
      expect(stripe.requests.length).toBe(reads);
      expect((await readBilling(t.app, user.id)).row).toBeNull();
      const stored = await t.app.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, "evt_forged"));
      expect(stored).toHaveLength(0);
    });

    it("processes the same event once, delivered 100 times and then 20 at once", async () => {
      const { user, subscriptionId } = await subscribedUser();
      const before = await readBilling(t.app, user.id);
      expect(before.row?.cancelAtPeriodEnd).toBe(false);
      stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      const readsBefore = stripe.count("GET", `/v1/subscriptions/${subscriptionId}`);
      const event = {
        id: "evt_repeat_1",
        type: "customer.subscription.updated",
        object: { id: subscriptionId, object: "subscription" },
      };
      const sequential = [];
      for (let i = 0; i < 100; i++) sequential.push(await deliver(event));
      const parallel = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
      const all = [...sequential, ...parallel];
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      expect(all.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      expect(stripe.count("GET", `/v1/subscriptions/${subscriptionId}`) - readsBefore).toBe(1);
      const after = await readBilling(t.app, user.id);
      expect(after.row?.cancelAtPeriodEnd).toBe(true);
      const stored = await t.app.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, "evt_repeat_1"));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.processedAt).not.toBeNull();
    });

    it("re-reads the subscription from Stripe instead of trusting the payload", async () => {
      const { user, subscriptionId } = await subscribedUser();
      stripe.updateSubscription(subscriptionId, { status: "canceled" });
      const res = await deliver({
        type: "customer.subscription.updated",
        object: {
          id: subscriptionId,
          object: "subscription",
          status: "active",
          cancel_at_period_end: false,
        },
      });
      expect(res.statusCode).toBe(200);
      expect((await readBilling(t.app, user.id)).row?.subscriptionStatus).toBe("canceled");
      const status = await injectAs(t.app, user, { url: "/api/billing/status" });
      expect(status.json().status).toBe("none");
    });

    it("follows invoices to their subscription (a failed renewal reads past_due, so none)", async () => {
      const { user, subscriptionId } = await subscribedUser();
      stripe.updateSubscription(subscriptionId, { status: "past_due" });
      const res = await deliver({
        type: "invoice.payment_failed",
        object: {
          id: "in_1",
          object: "invoice",
          parent: { subscription_details: { subscription: subscriptionId } },
        },
      });
      expect(res.statusCode).toBe(200);
      expect((await readBilling(t.app, user.id)).row?.subscriptionStatus).toBe("past_due");
    });

    it("a failed card payment leaves one SYSTEM_ALERT per attempt, none for a replayed event", async () => {
      const { user, subscriptionId } = await subscribedUser();
      const other = await createUser(t.app);
      stripe.updateSubscription(subscriptionId, { status: "past_due" });
      const failed = {
        id: "evt_payment_failed_1",
        type: "invoice.payment_failed",
        object: {
          id: "in_failed_1",
          object: "invoice",
          parent: { subscription_details: { subscription: subscriptionId } },
        },
      };
      expect((await deliver(failed)).json()).toEqual({ received: true, duplicate: false });
      expect((await deliver(failed)).json()).toEqual({ received: true, duplicate: true });
      const list = await injectAs(t.app, user, { url: "/api/notifications" });
      expect(list.json()).toEqual([
        expect.objectContaining({
          type: "SYSTEM_ALERT",
          title: "Your card payment failed",
          content:
            "<p>We could not charge your card for your Tend subscription.</p><p>Update your payment method under Manage Subscription in Settings to keep using Tend.</p>",
          link: "/app/settings",
          metadata: { invoiceId: "in_failed_1" },
          seen_at: null,
        }),
      ]);
      expect((await injectAs(t.app, other, { url: "/api/notifications" })).json()).toEqual([]);
      // A paid invoice writes no alert.
      stripe.updateSubscription(subscriptionId, { status: "active" });
      await deliver({ ...failed, id: "evt_paid_1", type: "invoice.paid" });
      expect((await injectAs(t.app, user, { url: "/api/notifications" })).json()).toHaveLength(1);
    });

    it("a failed payment's alert is not written when storing the subscription fails", async () => {
      const { user, subscriptionId } = await subscribedUser();
      stripe.failNextSubscriptionReads(1);
      const res = await deliver({
        type: "invoice.payment_failed",
        object: {
          id: "in_failed_2",
          object: "invoice",
          parent: { subscription_details: { subscription: subscriptionId } },
        },
      });
      expect(res.statusCode).toBe(503);
      expect((await injectAs(t.app, user, { url: "/api/notifications" })).json()).toEqual([]);
    });

    it("acknowledges events it does not use", async () => {
      const res = await deliver({
        type: "customer.created",
        object: { id: "cus_x", object: "customer" },
      });
      expect(res.json()).toEqual({ received: true, duplicate: false });
    });

    it("answers 503 when Stripe cannot be read, and processes Stripe's retry", async () => {
      const { user, subscriptionId } = await subscribedUser();
      stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      stripe.failNextSubscriptionReads(1);
      const event = {
        id: "evt_outage_1",
        type: "customer.subscription.updated",
        object: { id: subscriptionId },
      };
      const reads = () => stripe.count("GET", `/v1/subscriptions/${subscriptionId}`);
      const before = reads();
      const failed = await deliver(event);
      expect(failed.statusCode).toBe(503);
      // One try only: Stripe retries the delivery itself, so the webhook does not retry inline.
      expect(reads() - before).toBe(1);
      expect((await readBilling(t.app, user.id)).row?.cancelAtPeriodEnd).toBe(false);
      const retried = await deliver(event);
      expect(retried.json()).toEqual({ received: true, duplicate: false });
      expect((await readBilling(t.app, user.id)).row?.cancelAtPeriodEnd).toBe(true);
    });

    it("gives up on a Stripe read slower than its short timeout: 503, then the retry works", async () => {
      const { user, subscriptionId } = await subscribedUser();
      stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      // Slower than the webhook's timeout, yet well inside the patient client's 10 s.
      stripe.delayNextSubscriptionReads(1, STRIPE_WEBHOOK_LIMITS.timeoutMs + 1_500);
      const event = {
        id: "evt_slow_1",
        type: "customer.subscription.updated",
        object: { id: subscriptionId },
      };
      const reads = () => stripe.count("GET", `/v1/subscriptions/${subscriptionId}`);
      const before = reads();
      const slow = await deliver(event);
      expect(slow.statusCode).toBe(503);
      expect(reads() - before).toBe(1);
      expect((await readBilling(t.app, user.id)).row?.cancelAtPeriodEnd).toBe(false);
      const retried = await deliver(event);
      expect(retried.json()).toEqual({ received: true, duplicate: false });
      expect((await readBilling(t.app, user.id)).row?.cancelAtPeriodEnd).toBe(true);
    });
  });

  describe("fulfilment", () => {
    it("fulfils once when the webhook and the success page race on one session", async () => {
      const user = await createUser(t.app);
      const sessionId = await startCheckout(t.app, user);
      stripe.completeCheckout(sessionId);
      const results = await Promise.all([
        sessionCompleted(sessionId),
        injectAs(t.app, user, { method: "POST", url: "/api/billing/link", payload: { sessionId } }),
        sessionCompleted(sessionId),
        injectAs(t.app, user, { method: "POST", url: "/api/billing/link", payload: { sessionId } }),
        injectAs(t.app, user, {
          method: "POST",
          url: "/api/billing/onboarding-subscription",
          payload: { sessionId },
        }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await countMails(t.app, user.id, "subscription-started")).toBe(1);
      const { row, subs } = await readBilling(t.app, user.id);
      expect(row).toMatchObject({
        subscriptionStatus: "active",
        provider: "stripe",
        isTrial: false,
      });
      expect(subs).toHaveLength(1);
      expect(await readCheckoutRow(t.app, sessionId)).toMatchObject({
        status: "complete",
        userId: user.id,
      });
    });

    it("keeps a signed-out payment until its account links it; nobody else can", async () => {
      const sessionId = await startCheckout(t.app);
      stripe.completeCheckout(sessionId);
      await sessionCompleted(sessionId);
      expect(await readCheckoutRow(t.app, sessionId)).toMatchObject({
        status: "paid",
        userId: null,
      });
      const owner = await createUser(t.app);
      const linked = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId },
      });
      expect(linked.json()).toEqual({ outcome: "linked", subscriptionStatus: "active" });
      const intruder = await createUser(t.app);
      const refused = await injectAs(t.app, intruder, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId },
      });
      expect(refused.statusCode).toBe(409);
      expect((await readBilling(t.app, intruder.id)).row).toBeNull();
    });

    it("links a session that is not paid yet, and completes it when the webhook comes", async () => {
      const user = await createUser(t.app);
      const sessionId = await startCheckout(t.app, user);
      const early = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId },
      });
      expect(early.json().outcome).toBe("pending");
      stripe.completeCheckout(sessionId);
      await sessionCompleted(sessionId);
      expect((await readBilling(t.app, user.id)).row?.subscriptionStatus).toBe("active");
    });

    it("gives an unknown Stripe session the spec's invalid-session message", async () => {
      const user = await createUser(t.app);
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: "cs_test_unknown" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Invalid session. Please try subscribing again.");
    });
  });

  describe("manage", () => {
    it("opens the customer portal for the user's customer, returning to settings", async () => {
      const { user } = await subscribedUser();
      const status = (await injectAs(t.app, user, { url: "/api/billing/status" })).json();
      expect(status.manage).toBe("portal");
      const res = await injectAs(t.app, user, { method: "POST", url: "/api/billing/portal" });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
      const request = stripe.requests
        .filter((r) => r.path === "/v1/billing_portal/sessions")
        .at(-1)!;
      const { subs } = await readBilling(t.app, user.id);
      expect(request.body).toEqual({
        customer: subs[0]!.providerCustomerId,
        return_url: `${TEST_APP_URL}/app/settings`,
      });
    });

    it("has no portal for a user who never paid", async () => {
      const user = await createUser(t.app);
      const res = await injectAs(t.app, user, { method: "POST", url: "/api/billing/portal" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("There is no subscription to manage yet.");
    });
  });
});
