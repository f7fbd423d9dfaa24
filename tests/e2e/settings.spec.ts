// /app/settings (spec 02 §2, §8): appearance, reminder preferences with the next reminder in the
// user's zone, phone verification with the texted code, and the subscription card.
import type { Page } from "@playwright/test";
import { formatDateTime } from "../../src/web/lib/format-date";
import {
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  test,
  uniqueNationalNumber,
} from "./fixtures";

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

async function openSettings(page: Page) {
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("opens from the user menu; the theme applies at once and is kept; axe in light and dark", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await createUser(page);
  await page.goto("/app/contacts");
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
  expect(await isDark(page)).toBe(false);
  await expectNoAxeViolations(page);

  // A click, then the state: check() reads the radio back at once, before the choice's render
  // has committed on a busy machine (CI saw it checked a moment later).
  await page.getByRole("radio", { name: "Dark" }).click();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expectToast(page, "Setting updated successfully");
  await expect(page.getByText("Success", { exact: true }).first()).toBeVisible();
  await expect.poll(() => isDark(page)).toBe(true);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  expect(await isDark(page)).toBe(true);

  // System follows the device: light here, dark once the device says so.
  await page.getByRole("radio", { name: "System" }).click();
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
  await expectToast(page, "Setting updated successfully");
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => isDark(page)).toBe(true);
  const me = await (await page.request.get("/api/me")).json();
  expect(me.settings.theme).toBeNull();
});

test("changes reminder preferences and shows the next reminder in the chosen zone", async ({
  page,
}) => {
  await createUser(page);
  await openSettings(page);
  await expect(page.getByLabel("Frequency")).toHaveValue("1");
  await expect(page.getByLabel("How often")).toHaveValue("days");
  await expect(page.getByLabel("Reminder time")).toHaveValue("9");
  await expect(page.getByLabel("Reminder time").locator("option")).toHaveCount(24);
  await expect(page.getByLabel("Reminder time").locator("option").nth(18)).toHaveText("6:00 PM");
  await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
  await expect(page.getByText("Every day at 9:00 AM by email")).toBeVisible();
  await expect(page.getByTestId("next-reminder")).toContainText(", 9:00 AM UTC");

  await page.getByLabel("Frequency").fill("0");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Frequency must be at least 1")).toBeVisible();

  await page.getByLabel("Frequency").fill("2");
  await page.getByLabel("How often").selectOption("weeks");
  await page.getByLabel("Reminder time").selectOption({ label: "6:00 PM" });
  await page.getByRole("combobox", { name: "Time zone" }).fill("new york");
  await page.getByRole("option", { name: /^America\/New York/ }).click();
  await page.getByRole("radio", { name: "Text message" }).check();
  await expect(
    page.getByText("Text reminders go to your verified phone number: add and verify it below."),
  ).toBeVisible();
  await page.getByRole("radio", { name: "Email" }).check();
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expectToast(page, "Setting updated successfully");
  await expect(page.getByText("Every 2 weeks at 6:00 PM by email")).toBeVisible();

  const saved = await (await page.request.get("/api/settings/reminders")).json();
  expect(saved).toMatchObject({
    reminderFrequency: 2,
    reminderCadence: "weeks",
    reminderTime: "18",
    timezone: "America/New_York",
  });
  const next = formatDateTime(saved.nextScheduledAt, {
    timeZone: "America/New_York",
    withZone: true,
  });
  expect(next).toMatch(/, 6:00 PM New York time$/);
  await expect(page.getByTestId("next-reminder")).toHaveText(next);

  // After a reload the form shows what was saved.
  await page.reload();
  await expect(page.getByLabel("Frequency")).toHaveValue("2");
  await expect(page.getByLabel("Reminder time")).toHaveValue("18");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New York");
});

test("shows the spec's texts when saving or loading settings fails", async ({ page }) => {
  await createUser(page);
  await openSettings(page);
  await page.route("**/api/settings/reminders", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 503,
          json: { error: { code: "UNAVAILABLE", message: "Down for a moment." } },
        })
      : route.fallback(),
  );
  await page.getByLabel("Frequency").fill("3");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expectToast(page, "Failed to update setting");
  await page.unroute("**/api/settings/reminders");

  await page.route("**/api/settings/reminders", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "INTERNAL", message: "Something went wrong on our side." } },
    }),
  );
  await page.reload();
  await expectToast(page, "Failed to load settings");
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to load settings" }),
  ).toBeVisible();

  // The server could not insert the defaults: that message, not the generic one.
  await page.unroute("**/api/settings/reminders");
  await page.route("**/api/settings/reminders", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "INTERNAL", message: "Failed to create default settings" } },
    }),
  );
  await page.reload();
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to create default settings" }),
  ).toBeVisible();
  await expect(page.getByText("Failed to load settings")).toHaveCount(0);
});

test("saves a phone number and verifies it with the texted code", async ({ page }) => {
  await createUser(page);
  await openSettings(page);
  await expect(page.getByText("No phone number saved.")).toBeVisible();

  const national = uniqueNationalNumber();
  const phone = `+1${national}`;
  await page.getByLabel("Phone number").fill(`(${national.slice(0, 3)}) ${national.slice(3)}`);
  await expect(page.getByLabel("Phone number")).toHaveValue(national);
  await page.getByRole("button", { name: "Save number" }).click();
  await expectToast(page, "Setting updated successfully");
  const status = page.getByTestId("phone-status");
  await expect(status).toContainText(phone);
  await expect(status).toContainText("Not verified");
  await expect(page.getByRole("heading", { name: "Verify your phone" })).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => isDark(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" }); // theme "System" follows the device
  await expect.poll(() => isDark(page)).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Send code" }).click();
  await expectToast(page, "Code sent");
  // The code is asked for beside the number it went to.
  await expect(page.getByLabel("Verification code")).toHaveAccessibleDescription(
    `Sent to ${phone}. Not your number? Change it below.`,
  );
  const mailbox = await (
    await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(phone)}`)
  ).json();
  const code = /(\d{6}) is your Tend verification code\./.exec(mailbox.texts[0]?.body ?? "")?.[1];
  expect(code, "a code in the dev outbox").toBeTruthy();

  await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(
    page.getByText("That code is not right. Check the text message and try again."),
  ).toBeVisible();
  await expect(status).toContainText("Not verified");

  await page.getByLabel("Verification code").fill(code!);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expectToast(page, "Phone verified");
  await expect(status).toContainText("Verified");
  await expect(status).not.toContainText("Not verified");
  await expect(page.getByRole("heading", { name: "Verify your phone" })).toBeHidden();
  const me = await (await page.request.get("/api/me")).json();
  expect(me.user).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });

  // Still signed in as before: the page keeps working.
  await page.reload();
  await expect(status).toContainText("Verified");
});

test("shows the subscription card with the trial and a way to subscribe", async ({ page }) => {
  await createUser(page);
  await openSettings(page);
  await expect(page.getByRole("heading", { level: 2, name: "Subscription" })).toBeVisible();
  await expect(page.getByText("Free trial")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe now" })).toBeVisible();
});

test("the phone, subscription and account cards load after the first paint: placeholders stand in while their code is late", async ({
  page,
}) => {
  await createUser(page);
  const releases = new Map<string, () => void>();
  const held = ["phone-card", "manage-subscription-card", "account-card"].map(
    (name) => [name, new Promise<void>((resolve) => releases.set(name, resolve))] as const,
  );
  await page.route(
    /\/assets\/(phone-card|manage-subscription-card|account-card)-[^/]*\.js$/,
    async (route) => {
      const hold = held.find(([name]) => route.request().url().includes(`/assets/${name}-`))!;
      await hold[1];
      await route.continue();
    },
  );
  await openSettings(page);
  const phonePlaceholder = page
    .getByRole("status")
    .filter({ hasText: "Loading your phone number" });
  const accountPlaceholder = page.getByRole("status").filter({ hasText: "Loading your account" });
  const subscriptionPlaceholder = page
    .getByRole("status")
    .filter({ hasText: "Loading your subscription" });
  const subscriptionHeading = page.getByRole("heading", { level: 2, name: "Subscription" });

  // The cards above render; the three held back show their placeholders.
  await expect(page.getByRole("heading", { name: "Calendar feed" })).toBeVisible();
  await expect(phonePlaceholder).toBeVisible();
  await expect(subscriptionPlaceholder).toBeVisible();
  await expect(accountPlaceholder).toBeVisible();
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toHaveCount(0);
  await expect(subscriptionHeading).toHaveCount(0);

  releases.get("manage-subscription-card")!();
  await expect(subscriptionHeading).toBeVisible();
  await expect(subscriptionPlaceholder).toHaveCount(0);
  await expect(accountPlaceholder).toBeVisible();

  releases.get("account-card")!();
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
  await expect(accountPlaceholder).toHaveCount(0);
  await expect(phonePlaceholder).toBeVisible();

  releases.get("phone-card")!();
  await expect(phonePlaceholder).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Phone", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
