// Settings → Account (decision 107): change password, then delete the account from the browser;
// axe in both themes on the card and the confirmation.
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  PASSWORD,
} from "./fixtures";

test("changes the password, then deletes the account after naming what goes", async ({
  page,
}, testInfo) => {
  const user = await createUser(page);
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();

  await page.getByLabel("Current password").fill("wrong-password-1");
  await page.getByLabel("New password").fill("new-horse-22");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Password changed");

  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText("your contacts, their history and tags")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("delete-account-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await dialog.getByLabel("Password").fill("new-horse-22");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth/);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: new URL(page.url()).origin },
    data: { email: user.email, password: "new-horse-22" },
  });
  expect(signIn.status()).toBe(401);
});
