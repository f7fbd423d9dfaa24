// Money basics through the API: what the "subscription is active" and cancellation mails say
// (read from the real SMTP peer), and the payments each provider recorded, listed to their owner
// only: the local test card's monthly charges and Stripe's paid invoices (through its fake).
import { addMonths } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countMails,
  payLocal,
  readBilling,
  setClockOffset,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";
import { useAppWithSmtp } from "../../../../tests/helpers/smtp-app";
import { decodeQuotedPrintable, type SmtpPeer } from "../../../../tests/helpers/smtp-peer";
import { startStripeFake, type StripeFake } from "../../../../tests/helpers/stripe-fake";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { DAY_MS } from "../../../core/constants";

const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

async function mailTo(smtp: SmtpPeer, email: string, subject: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mail = smtp.received.find(
      (m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes(subject),
    );
    if (mail) return decodeQuotedPrintable(mail.raw).replace(/\r?\n/g, "\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

async function listPayments(t: TestApp, user: TestUser) {
  const res = await injectAs(t.app, user, { url: "/api/billing/payments" });
  expect(res.statusCode).toBe(200);
  return res.json().payments as { paidAt: string; amountCents: number; status: string }[];
}

describe("money basics, local provider", () => {
  const ctx = useAppWithSmtp({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });

  it("the active mail states the amount, the period and the next charge; the payment is listed to its owner", async () => {
    const { t, smtp } = ctx;
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await payLocal(t.app, await startCheckout(t.app, user));
    const end = (await readBilling(t.app, user.id)).row!.currentPeriodEnd!;

    const mail = await mailTo(smtp, user.email, "subscription is active");
    expect(mail).toContain("Your Standard Plan is active: $8 USD a month.");
    expect(mail).toContain(
      `This period: ${longDate(addMonths(end, -1))} to ${longDate(end)}, $8 USD paid.`,
    );
    expect(mail).toContain(`Next charge: $8 USD on ${longDate(end)}.`);

    const paid = await listPayments(t, user);
    expect(paid).toEqual([
      expect.objectContaining({ amountCents: 800, currency: "usd", status: "paid" }),
    ]);
    expect(await listPayments(t, other)).toEqual([]);
    expect((await t.app.inject({ url: "/api/billing/payments" })).statusCode).toBe(401);

    // A month later the test card is charged again: two payments, the latest first.
    setClockOffset(t.app, end.getTime() - Date.now() + DAY_MS);
    const renewed = await listPayments(t, user);
    expect(renewed.map((p) => p.paidAt)).toEqual([end.toISOString(), paid[0]!.paidAt]);
  });

  it("paying during the trial: the mail says the plan starts when the trial ends, and nothing is charged yet", async () => {
    const { t, smtp } = ctx;
    const user = await createUser(t.app);
    await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    const trialEnd = (await readBilling(t.app, user.id)).row!.currentPeriodEnd!;
    await payLocal(t.app, await startCheckout(t.app, user));
    const mail = await mailTo(smtp, user.email, "subscription is active");
    expect(mail).toContain(`starts when your free trial ends on ${longDate(trialEnd)}`);
    expect(mail).toContain(`First charge: $8 USD on ${longDate(trialEnd)}, then $8 USD each month.`);
    expect(await listPayments(t, user)).toEqual([]);

    setClockOffset(t.app, trialEnd.getTime() - Date.now() + DAY_MS);
    expect((await listPayments(t, user)).map((p) => p.paidAt)).toEqual([trialEnd.toISOString()]);
  });

  it("cancelling sends one mail with the day access ends", async () => {
    const { t, smtp } = ctx;
    const user = await createUser(t.app);
    await payLocal(t.app, await startCheckout(t.app, user));
    const end = (await readBilling(t.app, user.id)).row!.currentPeriodEnd!;
    const cancel = () =>
      injectAs(t.app, user, { method: "POST", url: "/api/billing/subscription/cancel" });
    expect((await cancel()).statusCode).toBe(200);
    const mail = await mailTo(smtp, user.email, "subscription is cancelled");
    expect(mail).toContain("is cancelled: nothing more will be charged.");
    expect(mail).toContain(`You keep full access until ${longDate(end)}.`);
    await cancel();
    expect(await countMails(t.app, user.id, "subscription-cancelled")).toBe(1);
  });
});

describe("money basics, Stripe", () => {
  let t: TestApp;
  let stripe: StripeFake;
  let events = 0;
  beforeAll(async () => {
    stripe = await startStripeFake();
    t = await build(stripe.env);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  function deliver(type: string, object: Record<string, unknown>) {
    events += 1;
    const { payload, headers } = stripe.signedDelivery({
      id: `evt_money_${events}`,
      type,
      data: { object },
    });
    return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers, payload });
  }

  it("records each paid invoice once, as Stripe reports it, for the subscription's owner only", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const sessionId = await startCheckout(t.app, user);
    const session = stripe.completeCheckout(sessionId);
    await deliver("checkout.session.completed", session);
    const [invoice] = stripe.invoicesOf(session.subscription as string);
    // The payload is only a hint: the amount is re-read from Stripe.
    const hint = { id: invoice!.id, object: "invoice", amount_paid: 1, parent: invoice!.parent };
    expect((await deliver("invoice.paid", hint)).statusCode).toBe(200);
    expect((await deliver("invoice.payment_succeeded", hint)).statusCode).toBe(200);

    const paid = await listPayments(t, user);
    expect(paid).toEqual([
      expect.objectContaining({ amountCents: 800, currency: "usd", status: "paid" }),
    ]);
    expect(await listPayments(t, other)).toEqual([]);
  });

  it("an invoice paid before the account exists becomes the account's when it links the payment", async () => {
    const sessionId = await startCheckout(t.app);
    const session = stripe.completeCheckout(sessionId);
    const [invoice] = stripe.invoicesOf(session.subscription as string);
    await deliver("invoice.paid", invoice!);
    const user = await createUser(t.app);
    expect(await listPayments(t, user)).toEqual([]);
    const link = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/link",
      payload: { sessionId },
    });
    expect(link.json().outcome).toBe("linked");
    expect(await listPayments(t, user)).toHaveLength(1);
  });

  it("opens the customer portal to change the card", async () => {
    const user = await createUser(t.app);
    const sessionId = await startCheckout(t.app, user);
    await deliver("checkout.session.completed", stripe.completeCheckout(sessionId));
    expect((await injectAs(t.app, user, { url: "/api/billing/status" })).json().manage).toBe(
      "portal",
    );
    const portal = await injectAs(t.app, user, { method: "POST", url: "/api/billing/portal" });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });
});
