// Issue 14 item 2: a payer who loses the account-creation tab gets back in from the mail, with
// the email they paid with carried over, and ends up on the paid plan, not a trial.
import { payWithTestCard, readBilling } from "./billing-helpers";
import {
  BASE_URL,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
} from "./fixtures";

test("a lost account-creation tab is recovered from the mail and the payment is linked", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("lost-tab");
  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Subscribe now" }).click();
  await payWithTestCard(page, { email });
  await expect(page).toHaveURL(/\/account-creation\?session_id=cs_local_/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(
    page.getByText("a link back to this page, in case you need to finish later"),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The tab is closed before the account exists.
  await page.close();

  const later = await browser.newContext({ baseURL: BASE_URL });
  const tab = await later.newPage();
  const mail = await waitForMail(tab.request, email, "finish-account");
  expect(mail.subject).toBe("Finish creating your Tend account");
  const link = new URL(mail.text.match(/https?:\/\/\S+\/account-creation\?session_id=\S+/)![0]);
  await tab.goto(link.pathname + link.search);
  await expect(tab.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(tab.getByLabel("Email")).toHaveValue(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByLabel("Confirm password").fill(PASSWORD);
  await tab.getByRole("button", { name: "Create account" }).click();
  await expect(tab.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await tab.goto(verificationLinkFrom(await waitForMail(tab.request, email)));
  await expect(tab).toHaveURL(/\/app\/onboarding/);
  const billing = await readBilling(tab);
  expect(billing.status).toBe("active");
  expect(billing.billingStatus).toMatchObject({ isTrial: false, provider: "local" });

  // The link has done its job: opened again (signed out), it says to sign in.
  const third = await browser.newContext({ baseURL: BASE_URL });
  const again = await third.newPage();
  await again.goto(link.pathname + link.search);
  await expect(again.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
  await expect(again.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
  await later.close();
  await third.close();
});
