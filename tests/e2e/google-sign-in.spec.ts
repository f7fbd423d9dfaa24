// Google sign-in against a stand-in for Google's endpoints (tests/helpers/google-fake.ts): a
// refused token exchange brings the person back to the callback page's "Authentication Failed"
// card (spec 02 §2, §4), not to the auth library's own error page.
import { expect, test } from "@playwright/test";
import { freePort, startE2EServer } from "../helpers/app-process";
import { startGoogleFake, type GoogleFake } from "../helpers/google-fake";

let google: GoogleFake;
let app: ReturnType<typeof startE2EServer>;

test.beforeAll(async () => {
  google = await startGoogleFake();
  app = startE2EServer({
    port: String(await freePort()),
    dist: process.env.E2E_DIST ?? "dist/web",
    env: google.env,
  });
  await app.ready();
});

test.afterAll(async () => {
  app?.stop();
  await google?.close();
});

test("a failed Google token exchange ends on the Authentication Failed card", async ({ page }) => {
  await page.goto(`${app.base}/auth`);
  await page.getByRole("button", { name: "Continue with Google" }).click();

  await expect(page.getByRole("heading", { name: "Authentication Failed" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/auth/oauth-callback");
  await expect(page.getByRole("alert")).toContainText("Authentication error:");
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute(
    "href",
    "/account-creation",
  );
  expect(google.requests).toEqual(["GET /o/oauth2/v2/auth", "POST /token"]);
});

test("a sign-in whose state is lost ends on the same card", async ({ page }) => {
  // Google's answer reaching the server without the sign-in it started (another browser, a
  // reopened link): no state to find the return page in.
  await page.goto(`${app.base}/api/auth/callback/google?code=fake-authorization-code&state=lost`);

  await expect(page.getByRole("heading", { name: "Authentication Failed" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/auth/oauth-callback");
});
