// Reminders from the user's side: a test digest from Settings arrives in the dev
// mailbox, its one-tap "Mark contacted" logs the contact, the delivery log shows the send; the
// unsubscribe link turns email off and Settings turns it back on; the private calendar link is
// created, copied and replaced (the old one stops working); a paused channel shows a banner.
import type { Page } from "@playwright/test";
import { formatDateTime } from "../../src/web/lib/format-date";
import {
  addOverdueContact,
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectNoAxeViolations,
  expectToast,
  test,
} from "./fixtures";

async function openSettings(page: Page) {
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

async function sendTestReminder(page: Page, email: string) {
  await page.getByRole("button", { name: "Send a test reminder now" }).click();
  await expectToast(page, `Test reminder sent to ${email}.`);
}

/** Opens the newest test digest to `email` from the dev mailbox page, as a person would. */
async function openTestDigest(page: Page, email: string) {
  await page.goto("/dev/mailbox");
  await page
    .getByRole("listitem")
    .filter({ hasText: email })
    .getByRole("link", { name: /^\[Test\] / })
    .first()
    .click();
  await expect(page.getByText("This is a test reminder you asked for.")).toBeVisible();
}

// The one-tap pages are served by the server with their own colours for light and dark.
async function expectOneTapPageAccessible(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a test reminder arrives, its one-tap link logs the contact, and the log shows it sent", async ({
  page,
}) => {
  const { email } = await createUser(page);
  const contactId = await addOverdueContact(page);
  await openSettings(page);
  const log = page.getByRole("list", { name: "Delivery log" });
  await expect(page.getByText("Nothing sent yet.")).toBeVisible();

  await sendTestReminder(page, email);
  const item = log.getByTestId("delivery-item").first();
  await expect(item).toContainText("Test");
  await expect(item).toContainText("Email · 1 person due");
  // Queued at first; the log polls until the outbox has sent it.
  await expect(item).toContainText("Sent");
  const { deliveries } = await (await page.request.get("/api/reminders/deliveries")).json();
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ status: "sent", isTest: true, contactCount: 1 });
  await expect(item.locator("time")).toHaveText(
    formatDateTime(deliveries[0].sentAt, { timeZone: "UTC" }),
  );

  await openTestDigest(page, email);
  await expect(page).toHaveTitle("[Test] Ada Lovelace is due");
  await page.getByRole("link", { name: "Mark contacted" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Mark Ada Lovelace as contacted?" }),
  ).toBeVisible();
  const confirmationUrl = page.url();
  await expectOneTapPageAccessible(page);
  await page.getByRole("button", { name: "Mark contacted" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Marked as contacted" })).toBeVisible();
  await expect(page.getByText("Ada Lovelace is marked as contacted today.")).toBeVisible();
  await expectOneTapPageAccessible(page);

  // A second tap (the mail opened again) changes nothing.
  await page.goto(confirmationUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Already done" })).toBeVisible();

  await page.goto(`/app/contacts/${contactId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  await expect(page.locator("[data-due-state]").first()).toHaveText("On track");
  await expect(page.getByText(/Last contacted: Today/)).toBeVisible();

  await openSettings(page);
  await expect(log.getByTestId("delivery-item")).toHaveCount(1);
  await expect(log.getByTestId("delivery-item").first()).toContainText("Sent");
});

test("the digest's unsubscribe link turns email off; Settings turns it back on", async ({
  page,
}) => {
  const { email } = await createUser(page);
  await openSettings(page);
  await sendTestReminder(page, email);
  await expect(page.getByTestId("delivery-item").first()).toContainText("Email · Nobody due");

  await openTestDigest(page, email);
  await page.getByRole("link", { name: "Stop reminder emails" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Stop reminder emails?" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Stop reminder emails" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Reminder emails are off" }),
  ).toBeVisible();
  await expectOneTapPageAccessible(page);

  // The user's own choice: no banner across the app, only the state in Settings.
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("reminder-channel-banner")).toBeHidden();
  await openSettings(page);
  const notice = page.getByTestId("email-off");
  await expect(notice).toContainText("Email reminders are off");
  await expect(notice).toContainText("You unsubscribed from reminder emails");
  await page.getByRole("button", { name: "Turn email reminders back on" }).click();
  await expectToast(page, "Setting updated successfully");
  await expect(notice).toBeHidden();
  const channels = await (await page.request.get("/api/reminders/channels")).json();
  expect(channels.emailRemindersEnabled).toBe(true);
});

test("creates, copies and replaces the private calendar link; the old one stops working", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await createUser(page);
  await addOverdueContact(page);
  await openSettings(page);
  const linkField = page.getByLabel("Your private calendar link");
  await expect(linkField).toBeHidden();
  await page.getByRole("button", { name: "Create calendar link" }).click();
  await expectToast(page, "Calendar link created");
  await expect(linkField).toHaveValue(/^http:\/\/localhost:\d+\/calendar\/[\w-]+\.ics$/);
  await expect(linkField).toHaveAttribute("readonly", "");
  const firstUrl = await linkField.inputValue();

  const feed = await page.request.get(firstUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const ics = await feed.text();
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("Overdue: get in touch with Ada Lovelace");

  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expectToast(page, "Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

  // Replacing asks first (here with the keyboard); cancelling keeps the link.
  await page.getByRole("button", { name: "Get a new link" }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("The current link stops working at once");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "Get a new link" })).toBeFocused();
  await expect(linkField).toHaveValue(firstUrl);

  await page.getByRole("button", { name: "Get a new link" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Get a new link" }).click();
  await expectToast(page, "New calendar link ready");
  await expect(linkField).not.toHaveValue(firstUrl);
  const secondUrl = await linkField.inputValue();
  expect((await page.request.get(firstUrl)).status()).toBe(404);
  expect((await page.request.get(secondUrl)).status()).toBe(200);

  await page.reload();
  await expect(linkField).toHaveValue(secondUrl);
});

test("a bounced address or paused texts show a banner in the app and the way back in Settings; axe and 390 px", async ({
  page,
}) => {
  const { email } = await createUser(page);
  await openSettings(page);
  await sendTestReminder(page, email);
  await page.getByRole("button", { name: "Create calendar link" }).click();
  await expectToast(page, "Calendar link created");
  // Bounces and failed texts need a real mail server and SMS vendor: the browser is shown the
  // state the server reports after them.
  await page.route("**/api/reminders/channels", async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...real, emailBouncedAddress: email, smsSuspendedAt: "2026-11-20T14:00:00.000Z" },
    });
  });

  await page.goto("/app/contacts");
  const banner = page.getByRole("status").filter({ hasText: "Reminder emails are paused" });
  await expect(banner).toContainText(`mail to ${email} bounced`);
  await expect(banner).toContainText("Text reminders are paused and come by email for now.");
  await expectAccessibleInBothThemes(page);
  await banner.getByRole("link", { name: "Fix it in Settings" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByTestId("reminder-channel-banner")).toBeHidden();

  const bounced = page.getByTestId("email-bounced");
  await expect(bounced).toContainText(`Mail to ${email} bounced`);
  await expect(bounced).toContainText("Nothing was deleted.");
  await expect(page.getByTestId("sms-paused")).toContainText(
    "since Nov 20, 2026, 2:00 PM UTC your reminders come by email",
  );
  await expect(page.getByTestId("delivery-item")).toHaveCount(1);
  await expectAccessibleInBothThemes(page);

  // Nothing scrolls sideways on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bounced).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // Dismissed for the session: gone on other pages and after a reload.
  await page.goto("/app/contacts");
  await page.getByRole("button", { name: "Dismiss this message" }).click();
  await expect(page.getByTestId("reminder-channel-banner")).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("reminder-channel-banner")).toBeHidden();

  // Confirming the address is a real request; the server's answer clears the notice.
  await openSettings(page);
  const resumed = page.waitForResponse("**/api/reminders/email/resume");
  await page.getByRole("button", { name: "Confirm this address" }).click();
  expect((await resumed).status()).toBe(200);
  await expectToast(page, "Setting updated successfully");
  await expect(bounced).toBeHidden();
});
