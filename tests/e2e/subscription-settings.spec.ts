// Settings → Subscription with the local provider: a trial user subscribes from the card and
// keeps the trial's days, the plan starts when the trial ends, then it is cancelled at the
// period end and resumed, and the card says what will happen each time.
import type { Page } from "@playwright/test";
import { addMonths } from "date-fns";
import { HOUR_MS, payWithTestCard, readBilling, setClock } from "./billing-helpers";
import { createUser, expect, expectNoAxeViolations, expectToast, test } from "./fixtures";
import { expectNoOverflowOnPhones } from "./page-width";

/** The date as the card writes it, in this browser's locale. */
function formatInPage(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat(navigator.language, {
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(new Date(value)),
    iso,
  );
}

test("Manage subscription (local): subscribe during the trial and keep it, cancel at period end, resume", async ({
  page,
}) => {
  await createUser(page);
  const trial = await readBilling(page);
  const trialEnd = await formatInPage(page, trial.billingStatus.currentPeriodEnd);
  await page.goto("/app/settings");
  const subscription = page.getByRole("region", { name: "Subscription" });
  await expect(subscription.getByText("Free trial")).toBeVisible();
  await expect(
    subscription.getByText(`Your trial ends on ${trialEnd}: 14 days left.`),
  ).toBeVisible();
  await expect(subscription.getByTestId("trial-billing-note")).toHaveText(
    `Subscribe now and keep your trial: the first $8 charge is on ${trialEnd}, when it ends.`,
  );

  await subscription.getByRole("button", { name: "Subscribe now" }).click();
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/app\/contacts$/, { timeout: 20_000 });

  // Paying kept the trial: the plan waits for it to end, and cannot be bought twice.
  await page.goto("/app/settings");
  await expect(
    subscription.getByText(`Your trial ends on ${trialEnd}: 14 days left.`),
  ).toBeVisible();
  await expect(subscription.getByTestId("scheduled-plan")).toHaveText(
    `Your Standard Plan ($8 USD/month) starts when the trial ends: first charge on ${trialEnd}.`,
  );
  await expect(subscription.getByRole("button", { name: "Subscribe now" })).toHaveCount(0);
  await expect(subscription.getByTestId("payment-history")).toContainText("No payments yet.");
  await expectNoOverflowOnPhones(page, expectNoAxeViolations);

  // The trial is over: the first paid month runs from its last day.
  await setClock(page, Date.parse(trial.billingStatus.currentPeriodEnd) - Date.now() + HOUR_MS);
  await page.goto("/app/settings");
  const paid = await readBilling(page);
  expect(paid.billingStatus.currentPeriodEnd).toBe(
    addMonths(new Date(trial.billingStatus.currentPeriodEnd), 1).toISOString(),
  );
  expect(paid).toMatchObject({
    status: "active",
    manage: "local",
    billingStatus: { isTrial: false, cancelAtPeriodEnd: false },
  });
  const periodEnd = await formatInPage(page, paid.billingStatus.currentPeriodEnd);
  await expect(subscription.getByText("Active")).toBeVisible();
  await expect(subscription.getByText(`Renews on ${periodEnd}.`)).toBeVisible();
  // The first charge, at the trial's end, is listed with its date, amount and status.
  const payments = subscription.getByTestId("payment-history").getByRole("listitem");
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toHaveText(`${trialEnd}$8.00 USDPaid`);
  await expectNoOverflowOnPhones(page, expectNoAxeViolations);

  // Cancel: a confirmation, then access until the end of the period paid for.
  await subscription.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel your subscription?" });
  await expect(dialog).toContainText(`You keep full access until ${periodEnd}.`);
  // The safe choice says what it keeps, and has the focus.
  await expect(dialog.getByRole("button", { name: "Keep subscription" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expectToast(page, "Subscription cancelled");
  await expect(subscription.getByText(`Cancelled: access ends on ${periodEnd}.`)).toBeVisible();
  await expect(subscription.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  expect((await readBilling(page)).billingStatus.cancelAtPeriodEnd).toBe(true);
  await expectNoAxeViolations(page);

  // Resume: renewing again, as before.
  await subscription.getByRole("button", { name: "Resume subscription" }).click();
  await expectToast(page, "Subscription resumed");
  await expect(subscription.getByText(`Renews on ${periodEnd}.`)).toBeVisible();
  await expect(subscription.getByRole("button", { name: "Resume subscription" })).toHaveCount(0);
  expect((await readBilling(page)).billingStatus.cancelAtPeriodEnd).toBe(false);
  await expectNoAxeViolations(page);
});
