// Settings → Account: change password, then delete the account from the
// browser; change the sign-in email through the link mailed to the new address; delete a
// Google-only account by typing its email. Axe in both themes on the card and the confirmation.
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  PASSWORD,
  uniqueEmail,
  waitForMail,
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

test("changes the sign-in email only once the link mailed to the new address is opened", async ({
  page,
}, testInfo) => {
  const user = await createUser(page);
  const next = uniqueEmail("moved");
  await page.goto("/app/settings");
  const card = page.locator("form").filter({ hasText: "Sign-in email" });
  await card.getByLabel("New email").fill("not-an-address");
  await card.getByRole("button", { name: "Change email" }).click();
  await expect(card.getByText("Please enter a valid email address")).toBeVisible();
  await card.getByLabel("New email").fill(next);
  await card.getByRole("button", { name: "Change email" }).click();
  await expect(card.getByRole("status")).toHaveText(
    `Check ${next} for a link to confirm the change. Until it is opened, you keep signing in with ${user.email}.`,
  );
  await expect(page.getByText(`Signed in as ${user.email}.`)).toBeVisible();
  await expectAccessibleInBothThemes(page);
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: testInfo.outputPath(`change-email-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  const noHorizontalScroll = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noHorizontalScroll).toBe(true);

  const mail = await waitForMail(page.request, next, "change-email");
  expect(mail.subject).toBe("Confirm your new email for Tend");
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0];
  expect(link?.startsWith(BASE_URL)).toBe(true);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expectToast(page, `You now sign in with ${next}.`);
  await expect(page.getByText(`Signed in as ${next}.`)).toBeVisible();

  const notice = await waitForMail(page.request, user.email, "email-changed");
  expect(notice.text).toContain(next);
  const oldSignIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: BASE_URL },
    data: { email: user.email, password: PASSWORD },
  });
  expect(oldSignIn.status()).toBe(401);

  // The same link again changes nothing and says why.
  await page.goto(link!);
  await expectToast(page, "That link has expired or was already used. Ask for a new one below.");
});

test("deletes an account without a password after its email is typed", async ({ page }) => {
  const user = await createUser(page);
  const googleOnly = await page.request.post("/api/test/google-only", {
    headers: { origin: BASE_URL },
  });
  expect(googleOnly.status()).toBe(204);
  await page.goto("/app/settings");
  await expect(
    page.getByText("You sign in with Google, so this account has no password to change."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(
    dialog.getByText(`You sign in with Google: type ${user.email} to confirm.`),
  ).toBeVisible();
  await dialog.getByLabel("Your email address").fill("someone@example.com");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That is not the email address of this account.")).toBeVisible();
  await dialog.getByLabel("Your email address").fill(user.email.toUpperCase());
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth/);
  const goodbye = await waitForMail(page.request, user.email, "account-deleted");
  expect(goodbye.subject).toBe("Your Tend account has been deleted");
  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(401);
});
