// The "Something went wrong" screen (spec 01 §8, spec 02 §8) after a real render crash: an API
// answer the app renders comes back malformed, and a component throws on it.
import { createUser, expect, expectNoAxeViolations, test } from "./fixtures";

test("a render crash shows 'Something went wrong' with details, the local error log, clear and reload", async ({
  page,
}) => {
  await createUser(page);
  // /api/me without its user: the header's menu reads me.user.email and throws.
  await page.route("**/api/me", async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...me, user: null } });
  });
  await page.goto("/app/contacts");

  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload Page" })).toBeVisible();
  await expectNoAxeViolations(page);

  const details = page.getByRole("button", { name: "Show technical details" });
  await expect(details).toHaveAttribute("aria-expanded", "false");
  await details.click();
  const technical = page.getByLabel("Technical details");
  await expect(technical).toContainText("Cannot read properties of null");
  await expect(page.getByRole("button", { name: "Hide technical details" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  await page.getByRole("button", { name: "Show error logs" }).click();
  const logs = page.getByRole("region", { name: "Error logs" });
  await expect(logs.getByRole("listitem")).toHaveCount(1);
  await expect(logs.getByRole("listitem")).toContainText("Cannot read properties of null");
  await expect(logs.getByRole("listitem")).toContainText("/app/contacts");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Hide technical details" }).click();
  await expect(technical).toBeHidden();

  await page.getByRole("button", { name: "Clear error logs" }).click();
  await expect(logs.getByText("No errors logged.")).toBeVisible();
  await expect(logs.getByRole("listitem")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("tend.error-log"))).toBeNull();

  // With the API healthy again, Reload Page loads the app afresh.
  await page.unroute("**/api/me");
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Reload Page" }).click(),
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
});
