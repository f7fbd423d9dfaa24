// Signing up without paying, through the real /auth form and the link in the dev mailbox,
// starts the trial: the new user is in the app with TRIAL_DAYS of access.
import { readBilling } from "./billing-helpers";
import {
  PASSWORD,
  expect,
  expectNoAxeViolations,
  openVerificationMailInMailbox,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

test("sign up from the landing page without paying → verify → onboarding → contacts, on a trial", async ({
  page,
}) => {
  const email = uniqueEmail("trial");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // The link from the dev mailbox, clicked as a person would.
  await waitForMail(page.request, email);
  await openVerificationMailInMailbox(page, email);
  await expect(page).toHaveURL(
    /\/app\/onboarding\?from=verification&initialStep=1&disableAutoAdvance=1/,
  );

  const billing = await readBilling(page);
  expect(billing).toMatchObject({
    status: "active",
    billingStatus: { isTrial: true, subscriptionStatus: "active", cancelAtPeriodEnd: false },
  });
  const trialDays =
    (Date.parse(billing.billingStatus.currentPeriodEnd) - Date.parse(billing.serverNow)) / DAY_MS;
  expect(Math.round(trialDays)).toBe(14);

  await page.getByLabel("First name").fill("Trial");
  await page.getByLabel("Last name").fill("User");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  // The tour starts from this address and then takes the parameter off: catch the landing.
  const landed = page.waitForURL(/\/app\/contacts\?fromOnboarding=true/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Skip for now" }).click();
  await landed;
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  // The paid API answers: the trial is real access, not the client's unknown fallback.
  expect((await page.request.get("/api/contacts")).status()).toBe(200);
  await expectNoAxeViolations(page);
});
