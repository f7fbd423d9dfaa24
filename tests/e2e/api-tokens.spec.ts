// Settings → API tokens: made with the keyboard, shown once with Copy, used with curl's way of
// calling /api/v1, listed with its last use, revoked; at phone and desktop widths in both themes.
import { createUser, expect, expectAccessibleInBothThemes, test } from "./fixtures";
import { overflowAt } from "./page-width";

test("makes a token with the keyboard, shows it once, lists its use and revokes it", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/settings");
  const card = page
    .locator(".ui-card")
    .filter({ has: page.getByText("API tokens", { exact: true }) });
  const name = page.getByLabel("Name", { exact: true });
  await name.scrollIntoViewIfNeeded();
  await expectAccessibleInBothThemes(page);

  await name.focus();
  await page.keyboard.type("Claude");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown"); // Access: Read and write
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Create token" })).toBeFocused();
  await page.keyboard.press("Enter");

  const secret = page.getByTestId("api-token-secret");
  await expect(secret).toHaveText(/^tend_pat_/);
  const token = (await secret.textContent())!;
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflowAt(page)).toEqual([]);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.screenshot({ path: `test-results/api-tokens-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });

  // What a script does with it: one request with the token and nothing else.
  const due = await page.request.fetch("/api/v1/contacts/due", {
    headers: { authorization: `Bearer ${token}`, cookie: "" },
  });
  expect(due.status()).toBe(200);

  await page.getByRole("button", { name: "Done" }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  const row = page.getByTestId("api-token");
  await expect(row).toContainText("Claude");
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Last used");
  await expect(row).toContainText(token.slice(0, 13));
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole("button", { name: "Revoke Claude" }).click();
  await page.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(row).toHaveCount(0);
  const refused = await page.request.fetch("/api/v1/contacts/due", {
    headers: { authorization: `Bearer ${token}`, cookie: "" },
  });
  expect(refused.status()).toBe(401);
});
