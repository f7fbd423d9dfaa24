// /app/profile (spec 02 §2, §5, §8): the form with a searched place and its preview, the country
// rule, the avatar dialog (regenerate, style, upload), and the header avatar; axe in both themes;
// nothing leaves localhost.
import type { Page } from "@playwright/test";
import { makePng, TEXT_AS_PNG } from "../helpers/images-kit";
import { createUser, expect, expectAccessibleInBothThemes, expectToast, test } from "./fixtures";

function recordOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:")
      outside.push(request.url());
  });
  return outside;
}

const headerAvatar = (page: Page) =>
  page.getByRole("button", { name: "Open user menu" }).locator("img");

test("without a session /app/profile goes to /auth", async ({ page }) => {
  await page.goto("/app/profile");
  await expect(page).toHaveURL(/\/auth(\?|$)/);
});

test("updates names and a searched place with its preview; the country rule; axe", async ({
  page,
}, testInfo) => {
  const outside = recordOutsideRequests(page);
  const user = await createUser(page);
  await page.goto("/app/contacts");
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Test");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  await expect(page.getByLabel("Email", { exact: true })).toBeDisabled();

  await page.getByLabel("First name", { exact: true }).fill("  Ada ");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByRole("combobox").fill("Lisb");
  await page
    .getByRole("option", { name: /Lisbon, .*Portugal/ })
    .first()
    .click();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Lisbon");
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Portugal");
  await expect(page.getByRole("img", { name: /Lisbon/ })).toBeVisible();

  await page.getByRole("button", { name: "Update Profile" }).click();
  await expectToast(page, "Profile updated");
  const saved = await (await page.request.get("/api/profile")).json();
  expect(saved).toMatchObject({ firstName: "Ada", lastName: "Lovelace", city: "Lisbon" });
  expect(saved.latitude).toBeCloseTo(38.7, 0);
  expect(saved.longitude).toBeCloseTo(-9.1, 0);

  await page.reload();
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Ada");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Lisbon");
  await expect(page.getByRole("img", { name: /Lisbon/ })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: testInfo.outputPath(`profile-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });

  // An address without a country is refused on the address field, and nothing is saved.
  await page.getByLabel("Country", { exact: true }).fill("");
  await page.getByLabel("Street address", { exact: true }).fill("Rua Augusta 1");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(
    page.getByText("Country is required when providing location information"),
  ).toBeVisible();
  expect((await (await page.request.get("/api/profile")).json()).country).toBe("Portugal");
  expect(outside).toEqual([]);
});

test("avatar: regenerate and choose a style, upload an image, refuse a non-image; axe", async ({
  page,
}, testInfo) => {
  const outside = recordOutsideRequests(page);
  await createUser(page);
  await page.goto("/app/profile");
  const before = await headerAvatar(page).getAttribute("src");
  expect(before).toContain("/api/avatars/avataaars.svg");

  await page.getByRole("button", { name: "Edit avatar" }).click();
  const dialog = page.getByRole("dialog", { name: "Profile Avatar" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Generated Avatar" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const preview = dialog.getByRole("img", { name: "Generated avatar preview" });
  const firstSrc = await preview.getAttribute("src");
  await dialog.getByRole("button", { name: "Regenerate" }).click();
  await expect(preview).not.toHaveAttribute("src", firstSrc ?? "");
  await dialog.locator("label", { hasText: "Bots" }).click();
  await expect(dialog.getByRole("radio", { name: "Bots" })).toBeChecked();
  await expect(preview).toHaveAttribute("src", /\/api\/avatars\/bottts\.svg/);
  await expectAccessibleInBothThemes(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("avatar-dialog-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  const seed = new URL(`http://x${await preview.getAttribute("src")}`).searchParams.get("seed");
  await dialog.getByRole("button", { name: "Update Avatar" }).click();
  await expectToast(page, "Avatar updated successfully");
  await expect(dialog).toBeHidden();
  await expect(headerAvatar(page)).toHaveAttribute("src", /\/api\/avatars\/bottts\.svg/);
  await expect(headerAvatar(page)).toHaveAttribute("src", new RegExp(`seed=${seed}&size=32`));

  // Custom Image: a text file named .png is refused by its content.
  await page.getByRole("button", { name: "Edit avatar" }).click();
  await dialog.getByRole("tab", { name: "Custom Image" }).click();
  const file = dialog.getByLabel("Upload image");
  await file.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: TEXT_AS_PNG });
  await expectToast(page, "Invalid file type");
  await expectToast(page, "Please upload an image file.");
  await expect(dialog.getByRole("button", { name: "Update Avatar" })).toBeDisabled();

  await file.setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await makePng(300, 200),
  });
  await expectToast(page, "Upload successful");
  await expect(dialog.getByRole("img", { name: "Uploaded image preview" })).toHaveAttribute(
    "src",
    /^\/api\/files\/avatars\/profile-avatars\/.+\.webp$/,
  );
  await page.screenshot({ path: testInfo.outputPath("avatar-dialog-custom-1280.png") });
  await dialog.getByRole("button", { name: "Update Avatar" }).click();
  await expectToast(page, "Avatar updated successfully");
  await expect(headerAvatar(page)).toHaveAttribute("src", /^\/api\/files\/avatars\//);
  // The image really loads (served to its owner, as WebP).
  expect(await headerAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(page.getByRole("img", { name: /avatar/i }).first()).toBeVisible();
  expect(outside).toEqual([]);
});
