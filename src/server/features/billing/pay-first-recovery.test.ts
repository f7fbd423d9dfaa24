// A payment made before the account exists cannot be stranded: the checkout's
// email is readable for account creation, a finish-account mail goes out once, the link is used
// up once linked and expires after FINISH_ACCOUNT_LINK_DAYS, and a later sign-up with the paying
// email links the payment.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  uniqueEmail,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import {
  payLocal,
  readBilling,
  readCheckoutRow,
  setClockOffset,
  startCheckout,
} from "../../../../tests/helpers/billing-test-kit";
import { FINISH_ACCOUNT_LINK_DAYS } from "../../../core/billing";
import { DAY_MS } from "../../../core/constants";
import { outbox } from "../../db/schema/index";

describe("pay first, create the account later", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local", TRIAL_DAYS: "14" });
  });
  afterAll(() => t.close());
  beforeEach(() => setClockOffset(t.app, 0));

  const summary = (id: string) => t.app.inject({ url: `/api/billing/checkout/${id}` });
  const finishMails = (email: string) =>
    t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, "finish-account")));

  it("mails a link back to account creation once, and tells the form the email paid with", async () => {
    const email = uniqueEmail("payer");
    const id = await startCheckout(t.app);
    expect((await summary(id)).json()).toEqual({
      email: null,
      isPaid: false,
      isLinked: false,
      isExpired: false,
    });
    expect((await payLocal(t.app, id, { email })).statusCode).toBe(200);
    expect((await payLocal(t.app, id, { email })).statusCode).toBe(200);
    const mails = await finishMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Finish creating your Tend account");
    expect(mails[0]?.text).toContain(`http://localhost:3000/account-creation?session_id=${id}`);
    expect(mails[0]?.text).toContain(`for ${FINISH_ACCOUNT_LINK_DAYS} days`);
    expect((await summary(id)).json()).toEqual({
      email,
      isPaid: true,
      isLinked: false,
      isExpired: false,
    });

    setClockOffset(t.app, (FINISH_ACCOUNT_LINK_DAYS + 1) * DAY_MS);
    expect((await summary(id)).json().isExpired).toBe(true);
  });

  it("links the payment when the payer signs up later with the same email, without the link", async () => {
    const email = uniqueEmail("later");
    const id = await startCheckout(t.app);
    await payLocal(t.app, id, { email: email.toUpperCase() });
    const user = await createUser(t.app, { email });
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    expect(res.json()).toEqual({ outcome: "linked", subscriptionStatus: "active" });
    expect(await readCheckoutRow(t.app, id)).toMatchObject({ status: "complete", userId: user.id });
    const { row } = await readBilling(t.app, user.id);
    expect(row).toMatchObject({ isTrial: false, provider: "local" });
    // The link is used up: account creation now says to sign in.
    expect((await summary(id)).json()).toMatchObject({ isLinked: true });
  });

  it("gives someone with another email the trial, not the payment", async () => {
    const id = await startCheckout(t.app);
    await payLocal(t.app, id, { email: uniqueEmail("owner") });
    const stranger = await createUser(t.app);
    const res = await injectAs(t.app, stranger, {
      method: "POST",
      url: "/api/billing/onboarding-subscription",
      payload: {},
    });
    expect(res.json().outcome).toBe("trial");
    expect(await readCheckoutRow(t.app, id)).toMatchObject({ status: "paid", userId: null });
  });

  it("answers 400 for a checkout that does not exist", async () => {
    const res = await summary("cs_local_nope");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Invalid session. Please try subscribing again.");
  });
});
