// The local provider end to end through the API: checkout, the test card, linking, the trial,
// link-or-create after verification, status and grace on the server clock, cancel and resume.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import { DAY_MS, HOUR_MS } from "../../../core/constants";
import { CARD_MESSAGES, DECLINED_CARD_NUMBER } from "../../../core/test-card";
import {
  countMails,
  payLocal,
  readBilling,
  readCheckoutRow,
  setClockOffset,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";

describe("billing with the local provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(async () => t.close());
  beforeEach(() => setClockOffset(t.app, 0));

  describe("checkout and the test card", () => {
    it("starts a signed-out checkout on our own checkout page", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers: { origin: TEST_APP_URL },
      });
      expect(res.statusCode).toBe(200);
      const { url } = res.json<{ url: string }>();
      expect(url).toMatch(/^\/checkout\?session_id=cs_local_[\w-]+$/);
      const id = new URL(url, TEST_APP_URL).searchParams.get("session_id")!;
      const page = await t.app.inject({ url: `/api/billing/local/sessions/${id}` });
      expect(page.json()).toEqual({ id, status: "open", email: null, isSignedInCheckout: false });
    });

    it("refuses an obviously bad card with a clear message and changes nothing", async () => {
      const id = await startCheckout(t.app);
      const bad = await payLocal(t.app, id, { cardNumber: "4242 4242 4242 4241" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.cardNumber).toBe(CARD_MESSAGES.invalid);
      const short = await payLocal(t.app, id, { cardNumber: "1234" });
      expect(short.json().error.fields.cardNumber).toBe(CARD_MESSAGES.length);
      const declined = await payLocal(t.app, id, { cardNumber: DECLINED_CARD_NUMBER });
      expect(declined.statusCode).toBe(400);
      expect(declined.json().error.message).toBe(CARD_MESSAGES.declined);
      const expired = await payLocal(t.app, id, { expiry: "01/20" });
      expect(expired.json().error.fields.expiry).toBe(CARD_MESSAGES.expired);
      expect(await readCheckoutRow(t.app, id)).toMatchObject({ status: "open", completedAt: null });
    });

    it("returns to the payment success page like a hosted checkout, also when paid twice", async () => {
      const id = await startCheckout(t.app);
      const paid = await payLocal(t.app, id, { email: "  Payer@Example.com " });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ redirectUrl: `/payment-success?session_id=${id}` });
      const row = await readCheckoutRow(t.app, id);
      expect(row).toMatchObject({ status: "paid", email: "payer@example.com", userId: null });
      const again = await payLocal(t.app, id);
      expect(again.json()).toEqual({ redirectUrl: `/payment-success?session_id=${id}` });
      expect((await readCheckoutRow(t.app, id))?.subscriptionId).toBe(row?.subscriptionId);
    });

    it("expires an unpaid checkout after a day", async () => {
      const id = await startCheckout(t.app);
      setClockOffset(t.app, DAY_MS + HOUR_MS);
      const page = await t.app.inject({ url: `/api/billing/local/sessions/${id}` });
      expect(page.json().status).toBe("expired");
      const res = await payLocal(t.app, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/expired/);
    });

    it("answers 404 for an unknown checkout session", async () => {
      const res = await t.app.inject({ url: "/api/billing/local/sessions/cs_local_nope" });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("linking a paid checkout", () => {
    it("links a signed-out payment to the account that claims it, once", async () => {
      const id = await startCheckout(t.app);
      await payLocal(t.app, id);
      const owner = await createUser(t.app);
      const link = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: id },
      });
      expect(link.statusCode).toBe(200);
      expect(link.json()).toEqual({ outcome: "linked", subscriptionStatus: "active" });
      const { row, subs } = await readBilling(t.app, owner.id);
      expect(row).toMatchObject({
        subscriptionStatus: "active",
        isTrial: false,
        provider: "local",
      });
      expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
      expect(subs).toHaveLength(1);

      const again = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: id },
      });
      expect(again.json().outcome).toBe("linked");
      expect(await countMails(t.app, owner.id, "subscription-started")).toBe(1);
      expect((await readBilling(t.app, owner.id)).subs).toHaveLength(1);
    });

    it("refuses to link a session that belongs to someone else", async () => {
      const id = await startCheckout(t.app);
      await payLocal(t.app, id);
      const owner = await createUser(t.app);
      const intruder = await createUser(t.app);
      await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: id },
      });
      for (const url of ["/api/billing/link", "/api/billing/onboarding-subscription"]) {
        const res = await injectAs(t.app, intruder, {
          method: "POST",
          url,
          payload: { sessionId: id },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toMatch(/already linked to another account/);
      }
      expect((await readBilling(t.app, intruder.id)).row).toBeNull();
      expect((await readCheckoutRow(t.app, id))?.userId).toBe(owner.id);
    });

    it("refuses a signed-in checkout to anyone but the user who started it", async () => {
      const owner = await createUser(t.app);
      const intruder = await createUser(t.app);
      const id = await startCheckout(t.app, owner);
      const res = await injectAs(t.app, intruder, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: id },
      });
      expect(res.statusCode).toBe(409);
    });

    it("fulfils a signed-in checkout as soon as it is paid", async () => {
      const user = await createUser(t.app);
      const id = await startCheckout(t.app, user);
      expect(
        (await t.app.inject({ url: `/api/billing/local/sessions/${id}` })).json(),
      ).toMatchObject({
        email: user.email,
        isSignedInCheckout: true,
      });
      await payLocal(t.app, id);
      expect((await readBilling(t.app, user.id)).row?.subscriptionStatus).toBe("active");
      expect((await readCheckoutRow(t.app, id))?.status).toBe("complete");
      expect(await countMails(t.app, user.id, "subscription-started")).toBe(1);
    });

    it("says a session id that is no checkout is invalid, in the spec's words", async () => {
      const user = await createUser(t.app);
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: "cs_local_doesnotexist" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Invalid session. Please try subscribing again.");
    });

    it("reports an unpaid checkout as pending, without access", async () => {
      const user = await createUser(t.app);
      const id = await startCheckout(t.app, user);
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/link",
        payload: { sessionId: id },
      });
      expect(res.json()).toEqual({ outcome: "pending", subscriptionStatus: null });
      expect((await readBilling(t.app, user.id)).row).toBeNull();
    });

    it("refuses a checkout for a user who already pays", async () => {
      const user = await createUser(t.app);
      await payLocal(t.app, await startCheckout(t.app, user));
      const res = await injectAs(t.app, user, { method: "POST", url: "/api/billing/checkout" });
      expect(res.statusCode).toBe(409);
    });

    it("needs a signed-in, verified user to link", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/billing/link",
        headers: { origin: TEST_APP_URL },
        payload: { sessionId: "cs_local_x" },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("onboarding subscription (link or create after verification)", () => {
    const onboard = (user: Awaited<ReturnType<typeof createUser>>, payload: object = {}) =>
      injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/onboarding-subscription",
        payload,
      });

    it("grants the 14-day trial once, and is safe to call again", async () => {
      const user = await createUser(t.app);
      const first = await onboard(user);
      expect(first.json()).toEqual({ outcome: "trial", subscriptionStatus: "active" });
      const { row } = await readBilling(t.app, user.id);
      expect(row).toMatchObject({ isTrial: true, provider: "trial", cancelAtPeriodEnd: false });
      const days = (row!.currentPeriodEnd!.getTime() - Date.now()) / DAY_MS;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
      const second = await onboard(user);
      expect(second.json()).toEqual({ outcome: "existing", subscriptionStatus: "active" });
      const after = await readBilling(t.app, user.id);
      expect(after.row?.currentPeriodEnd).toEqual(row?.currentPeriodEnd);
      expect(after.subs).toHaveLength(1);
    });

    it("never grants a second trial after the first has ended", async () => {
      const user = await createUser(t.app);
      await onboard(user);
      setClockOffset(t.app, 20 * DAY_MS);
      expect((await onboard(user)).json().outcome).toBe("existing");
      const status = await injectAs(t.app, user, { url: "/api/billing/status" });
      expect(status.json().status).toBe("none");
    });

    it("links the paid session instead of granting a trial", async () => {
      const id = await startCheckout(t.app);
      await payLocal(t.app, id);
      const user = await createUser(t.app);
      const res = await onboard(user, { sessionId: id });
      expect(res.json()).toEqual({ outcome: "linked", subscriptionStatus: "active" });
      expect((await readBilling(t.app, user.id)).row).toMatchObject({
        isTrial: false,
        provider: "local",
      });
      expect((await onboard(user, { sessionId: id })).json().outcome).toBe("linked");
      expect((await onboard(user)).json().outcome).toBe("existing");
      expect(await countMails(t.app, user.id, "subscription-started")).toBe(1);
    });

    it("falls back to the trial when the session id is no checkout", async () => {
      const user = await createUser(t.app);
      const res = await onboard(user, { sessionId: "cs_local_made_up" });
      expect(res.json().outcome).toBe("trial");
    });
  });

  describe("status on the server clock", () => {
    it("reads none, then active, with the rows the debug page shows", async () => {
      const user = await createUser(t.app);
      const before = await injectAs(t.app, user, { url: "/api/billing/status" });
      expect(before.json()).toMatchObject({
        provider: "local",
        billingStatus: null,
        subscriptions: [],
        status: "none",
        manage: "none",
      });
      await payLocal(t.app, await startCheckout(t.app, user));
      const after = (await injectAs(t.app, user, { url: "/api/billing/status" })).json();
      expect(after).toMatchObject({ status: "active", isWithinGrace: false, manage: "local" });
      expect(after.billingStatus).toMatchObject({ subscriptionStatus: "active", isTrial: false });
      expect(after.subscriptions).toHaveLength(1);
    });

    it("keeps a trial through the 24 h grace, then reads none", async () => {
      const user = await createUser(t.app);
      await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/onboarding-subscription",
        payload: {},
      });
      const status = async () =>
        (await injectAs(t.app, user, { url: "/api/billing/status" })).json();
      setClockOffset(t.app, 14 * DAY_MS + HOUR_MS);
      expect(await status()).toMatchObject({ status: "active", isWithinGrace: true });
      setClockOffset(t.app, 15 * DAY_MS + HOUR_MS);
      const later = await status();
      expect(later).toMatchObject({ status: "none", isWithinGrace: false });
      expect(Date.parse(later.serverNow)).toBeGreaterThan(Date.now() + 15 * DAY_MS);
    });

    it("renews a local subscription when its month is over", async () => {
      const user = await createUser(t.app);
      await payLocal(t.app, await startCheckout(t.app, user));
      const firstEnd = (await readBilling(t.app, user.id)).row!.currentPeriodEnd!;
      setClockOffset(t.app, 45 * DAY_MS);
      const res = (await injectAs(t.app, user, { url: "/api/billing/status" })).json();
      expect(res.status).toBe("active");
      expect(Date.parse(res.billingStatus.currentPeriodEnd)).toBeGreaterThan(firstEnd.getTime());
    });
  });

  describe("manage: cancel at period end and resume", () => {
    it("cancels at period end, resumes, and ends with no grace once cancelled", async () => {
      const user = await createUser(t.app);
      await payLocal(t.app, await startCheckout(t.app, user));
      const cancel = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/subscription/cancel",
      });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toMatchObject({
        status: "active",
        billingStatus: { cancelAtPeriodEnd: true },
      });

      const resume = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/subscription/resume",
      });
      expect(resume.json().billingStatus.cancelAtPeriodEnd).toBe(false);

      await injectAs(t.app, user, { method: "POST", url: "/api/billing/subscription/cancel" });
      const end = (await readBilling(t.app, user.id)).row!.currentPeriodEnd!;
      setClockOffset(t.app, end.getTime() - Date.now() + HOUR_MS);
      const after = (await injectAs(t.app, user, { url: "/api/billing/status" })).json();
      expect(after.status).toBe("none");
      expect(after.billingStatus.subscriptionStatus).toBe("canceled");
    });

    it("has nothing to cancel for a trial, and no portal for the local provider", async () => {
      const user = await createUser(t.app);
      await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/onboarding-subscription",
        payload: {},
      });
      const cancel = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/billing/subscription/cancel",
      });
      expect(cancel.statusCode).toBe(400);
      expect(cancel.json().error.message).toBe("You have no paid subscription to cancel.");
      const portal = await injectAs(t.app, user, { method: "POST", url: "/api/billing/portal" });
      expect(portal.statusCode).toBe(400);
    });
  });
});

describe("billing with TRIAL_DAYS=0", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local", TRIAL_DAYS: "0" });
  });
  afterAll(async () => t.close());

  it("grants no trial: the user has to subscribe", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    expect(res.json()).toEqual({ outcome: "none", subscriptionStatus: null });
    expect((await injectAs(t.app, user, { url: "/api/billing/status" })).json().status).toBe(
      "none",
    );
  });
});
