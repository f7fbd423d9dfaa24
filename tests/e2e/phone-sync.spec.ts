// Settings → Phone sync (issue 52): the server address and user name, a device password made
// with the keyboard and shown once, the list with its revoke, and the setup help; axe-clean in
// both themes, no horizontal scroll on a phone.
import { createUser, expect, expectAccessibleInBothThemes, expectToast, test } from "./fixtures";

test("creates a device password with the keyboard, shows it once, lists and revokes it", async ({
  page,
}) => {
  const user = await createUser(page);
  await page.goto("/app/settings");
  await expect(page.getByText("Phone sync", { exact: true })).toBeVisible();
  await expect(page.getByTestId("dav-url")).toHaveText(/\/dav\/$/);
  await expect(page.getByText(user.email).first()).toBeVisible();

  await page.getByLabel("Device name").fill("Anna's iPhone");
  await page.getByLabel("Device name").press("Enter");
  const password = page.getByTestId("device-password");
  await expect(password).toHaveText(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
  const secret = (await password.textContent())!;
  await expect(page.getByTestId("device").filter({ hasText: "Anna's iPhone" })).toContainText(
    "Read only",
  );
  await expectAccessibleInBothThemes(page);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.getByTestId("new-device").getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The password signs a CardDAV client in until it is revoked.
  const auth = `Basic ${Buffer.from(`${user.email}:${secret}`).toString("base64")}`;
  const before = await page.request.fetch("/dav/", {
    method: "PROPFIND",
    headers: { authorization: auth, depth: "0" },
  });
  expect(before.status()).toBe(207);
  await page.getByRole("button", { name: "Revoke Anna's iPhone" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, "Device password revoked");
  await expect(page.getByTestId("device")).toHaveCount(0);
  const after = await page.request.fetch("/dav/", {
    method: "PROPFIND",
    headers: { authorization: auth, depth: "0" },
  });
  expect(after.status()).toBe(401);
});
