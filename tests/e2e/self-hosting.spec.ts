// Issue 14 item 6: a self-hoster who opens the address the server listens on (127.0.0.1) instead
// of APP_URL's localhost can still sign up outside production.
import { expect, test, uniqueEmail } from "./fixtures";

const LOOPBACK_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

test("sign-up works at 127.0.0.1 when APP_URL says localhost", async ({ page }) => {
  await page.goto(`${LOOPBACK_URL}/auth`);
  await page.getByRole("tab", { name: "Sign up" }).click();
  const form = page.getByRole("tabpanel", { name: "Sign up" });
  await form.getByLabel("Email").fill(uniqueEmail("loopback"));
  await form.getByLabel("Password").fill("correct-horse-1");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("Invalid origin")).toHaveCount(0);
});
