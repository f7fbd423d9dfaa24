// Forgotten password: "Forgot password?" on /auth → a mail with a single-use
// link → a new password by the account-creation rules → every other session signed out.
import {
  BASE_URL,
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

const INVALID_LINK =
  "This reset link is invalid, expired or already used. Please ask for a new one.";

test("reset mail → new password → the old session is signed out and the new password works", async ({
  page,
  browser,
}) => {
  const { email, password } = await createUser(page);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

  // Somewhere else, signed out, the user has forgotten the password.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const phone = await other.newPage();
  await phone.goto("/auth");
  await phone.getByRole("link", { name: "Forgot password?" }).click();
  await expect(phone).toHaveURL(/\/forgot-password$/);
  await expect(phone.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(phone);

  // An address without an account gets the very same answer.
  await phone.getByLabel("Email").fill(uniqueEmail("nobody"));
  await phone.getByRole("button", { name: "Send reset link" }).click();
  await expect(phone.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(phone.getByText("The link works once, for 1 hour.")).toBeVisible();

  await phone.goto("/forgot-password");
  await phone.getByLabel("Email").fill(email);
  await phone.getByRole("button", { name: "Send reset link" }).click();
  await expect(phone.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await waitForMail(phone.request, email, "reset-password");
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await phone.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(phone.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByLabel("New password").fill("short");
  await phone.getByLabel("Confirm password").fill("other");
  await phone.getByRole("button", { name: "Change password" }).click();
  await expect(phone.getByText("Password must be at least 6 characters long")).toBeVisible();
  await phone.getByLabel("New password").fill("a-brand-new-pass");
  await phone.getByLabel("Confirm password").fill("a-brand-new-pas");
  await phone.getByRole("button", { name: "Change password" }).click();
  await expect(phone.getByText("Passwords do not match")).toBeVisible();
  await phone.getByLabel("Confirm password").fill("a-brand-new-pass");
  await phone.getByRole("button", { name: "Change password" }).click();
  await expect(phone).toHaveURL(/\/auth$/);
  await expectToast(phone, "Password changed");

  // The session in the first browser is gone.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);

  // The notice mail went out; the old password fails, the new one signs in.
  const notice = await waitForMail(phone.request, email, "password-changed");
  expect(notice.subject).toBe("Your Tend password was changed");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expectToast(phone, "Sign in failed");
  await phone.getByLabel("Password").fill("a-brand-new-pass");
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone).toHaveURL(/\/app\/contacts$/);

  // The link worked once: opened again, it says so before any form is shown.
  await phone.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(phone.getByText(INVALID_LINK)).toBeVisible();
  await expect(phone.getByLabel("New password")).toHaveCount(0);
  await expect(phone.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  await other.close();
});

test("a reset link that never worked says so before the form", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByText(INVALID_LINK)).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change password" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
