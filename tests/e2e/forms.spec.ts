// Forms: the checkout's card fields format as they are typed, every
// invalid field shows its error at once, and the time zone is a searchable combobox a keyboard
// can drive, with this device's zone first.
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectNoAxeViolations,
  test,
} from "./fixtures";

test.use({ timezoneId: "Asia/Tokyo" });

test("the checkout formats the card number and expiry as typed and shows every error at once", async ({
  page,
}) => {
  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_local_/);

  // Nothing filled: all four fields say what is wrong, together.
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Enter the full card number (13 to 19 digits).")).toBeVisible();
  await expect(page.getByText("Enter the expiry date as MM/YY.")).toBeVisible();
  await expect(page.getByText("Enter the 3 or 4 digit security code.")).toBeVisible();
  for (const label of ["Email", "Card number", "Expiry (MM/YY)", "CVC"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
  }
  await expectNoAxeViolations(page);

  const card = page.getByLabel("Card number");
  await card.pressSequentially("4242424242424242");
  await expect(card).toHaveValue("4242 4242 4242 4242");
  // A digit typed in the middle keeps the caret where it was.
  await card.fill("");
  await card.pressSequentially("42424242");
  await card.press("ArrowLeft");
  await card.press("ArrowLeft");
  await card.press("ArrowLeft");
  await card.press("ArrowLeft");
  await card.press("ArrowLeft");
  await card.pressSequentially("9");
  await expect(card).toHaveValue("4242 9424 2");
  await card.fill("");
  await card.pressSequentially("4242424242424242");

  // The phone keyboard is numeric; the slash comes by itself and backspace takes it away.
  const expiry = page.getByLabel("Expiry (MM/YY)");
  await expect(expiry).toHaveAttribute("inputmode", "numeric");
  await expiry.pressSequentially("12");
  await expect(expiry).toHaveValue("12 / ");
  await expiry.pressSequentially("34");
  await expect(expiry).toHaveValue("12 / 34");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12 / 3");
  // Deleting does not put the separator back.
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12");
  await expiry.fill("");
  await expiry.pressSequentially("4");
  await expect(expiry).toHaveValue("04 / ");
  await expiry.fill("");
  await expiry.pressSequentially("1234");

  await page.getByLabel("Email").fill("formatted@example.com");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
  await expect(page).toHaveURL(/\/(payment-success|account-creation)\?session_id=cs_local_/);
});

test("the errors of a submit made before the checkout had loaded stay when it loads", async ({
  page,
}) => {
  // The checkout session's read is held until the errors are on screen: they
  // used to vanish when the form took the session's values.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await page.route("**/api/billing/local/sessions/*", async (route) => {
    await held;
    await route.continue();
    answered = true;
  });
  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_local_/);
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
  await expect(page.getByText("Enter the 3 or 4 digit security code.")).toBeVisible();

  release();
  await expect.poll(() => answered).toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Enter the 3 or 4 digit security code.")).toBeVisible();
  await expect(page.getByLabel("CVC")).toHaveAttribute("aria-invalid", "true");
});

test("every invalid field of a form is marked at once (account: password change)", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await expect(page.getByText(/The new password needs at least \d+ characters\./)).toBeVisible();

  // A wrong current password comes back from the server onto that field.
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("a-long-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
});

test("the time zone picker: this device's zone first, searchable, driven by the keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createUser(page);
  await page.goto("/app/settings");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("UTC");

  // Open with ArrowDown: the list starts with the zone this device is in.
  await zone.focus();
  await zone.press("ArrowDown");
  const list = page.getByRole("listbox", { name: "Matching zones" });
  await expect(list).toBeVisible();
  await expect(zone).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option").first()).toContainText("Asia/Tokyo");
  await expect(list.getByRole("option").first()).toContainText("(this device)");
  expect(await list.getByRole("option").count()).toBeGreaterThan(300);

  // Escape closes and keeps the saved zone.
  await zone.press("Escape");
  await expect(list).toBeHidden();
  await expect(zone).toHaveValue("UTC");

  // Open and filtered, the picker passes axe in both themes.
  await zone.fill("asia/t");
  await zone.press("ArrowDown");
  await expect(list).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Typing filters; arrows move the active option; Enter chooses it without submitting.
  await zone.fill("lisb");
  await expect(list.getByRole("option")).toHaveCount(1);
  await zone.fill("america new");
  const options = list.getByRole("option");
  await expect(options.first()).toBeVisible();
  await zone.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  const secondId = await second.getAttribute("id");
  await expect(zone).toHaveAttribute("aria-activedescendant", secondId!);
  await zone.fill("new york");
  await zone.press("Enter");
  await expect(list).toBeHidden();
  await expect(zone).toHaveValue("America/New York");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/settings/reminders")).json()).timezone)
    .toBe("America/New_York");

  // The offset is searchable too.
  await zone.fill("GMT+9");
  await expect(list.getByRole("option").first()).toContainText("GMT+9");
  await zone.press("Escape");
  await expect(zone).toHaveValue("America/New York");
});
