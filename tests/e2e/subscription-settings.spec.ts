// Settings → Subscription with the local provider: a trial user subscribes from the card, then
// cancels at the period end and resumes, and the card says what will happen each time.
import type { Page } from "@playwright/test";
import { payWithTestCard, readBilling } from "./billing-helpers";
import { createUser, expect, expectNoAxeViolations, expectToast, test } from "./fixtures";

/** The date as the card writes it, in this browser's locale. */
function formatInPage(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" }).format(
        new Date(value),
      ),
    iso,
  );
}

test("Manage subscription (local): subscribe from the trial, cancel at period end, resume", async ({
  page,
}) => {
  await createUser(page);
  const trial = await readBilling(page);
  await page.goto("/app/settings");
  const subscription = page.getByRole("region", { name: "Subscription" });
  await expect(subscription.getByText("Free trial")).toBeVisible();
  await expect(
    subscription.getByText(
      `Your trial ends on ${await formatInPage(page, trial.billingStatus.currentPeriodEnd)}: 14 days left.`,
    ),
  ).toBeVisible();

  await subscription.getByRole("button", { name: "Subscribe now" }).click();
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/app\/contacts$/, { timeout: 20_000 });

  await page.goto("/app/settings");
  const paid = await readBilling(page);
  expect(paid).toMatchObject({
    status: "active",
    manage: "local",
    billingStatus: { isTrial: false, cancelAtPeriodEnd: false },
  });
  const periodEnd = await formatInPage(page, paid.billingStatus.currentPeriodEnd);
  await expect(subscription.getByText("Active")).toBeVisible();
  await expect(subscription.getByText(`Renews on ${periodEnd}.`)).toBeVisible();
  await expectNoAxeViolations(page);

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
