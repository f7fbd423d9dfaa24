import { readFileSync } from "node:fs";
import path from "node:path";
import { createEmailVerificationToken } from "better-auth/api";
import { NO_SESSION_MESSAGE } from "../../src/web/features/auth/lib/verification";
import {
  BASE_URL,
  PASSWORD,
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  openVerificationMailInMailbox,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
} from "./fixtures";

function serverSecret(): string {
  const port = new URL(BASE_URL).port;
  return readFileSync(path.resolve(".tmp", `e2e-data-${port}`, ".auth-secret"), "utf8").trim();
}

test("sign up → mail → verify → onboarding → contacts", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.locator("blockquote")).not.toBeEmpty();
  await expectNoAxeViolations(page);

  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectToast(page, "Account created!");
  await expectNoAxeViolations(page);

  const mail = await waitForMail(page.request, email);
  expect(mail.subject).toBe("Confirm your email for Tend");
  const link = verificationLinkFrom(mail);
  expect(link).toContain("type=signup");

  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expectToast(page, "Confirmation email has been resent to your inbox.");

  await page.goto(link);
  await expect(page).toHaveURL(
    /\/app\/onboarding\?from=verification&initialStep=1&disableAutoAdvance=1/,
  );

  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  // The tour starts from this address and then takes the parameter off: catch the landing.
  const landed = page.waitForURL(/\/app\/contacts\?fromOnboarding=true/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Skip for now" }).click();
  await landed;
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the dev mailbox lists the verification mail with a working link", async ({ page }) => {
  const email = uniqueEmail("mailbox");
  await page.goto("/auth", { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await waitForMail(page.request, email);

  await openVerificationMailInMailbox(page, email);
  await expect(page).toHaveURL(/\/app\/onboarding/);
});

test("a wrong token lands on /auth with the invalid-link message", async ({ page }) => {
  await page.goto("/verify-email?token=not-a-real-token&type=signup&email=x%40example.com");
  await expect(page).toHaveURL(/\/auth\?error=verification_failed&category=invalid/);
  await expect(
    page.getByText(
      "This verification link is invalid. Please check the link or request a new verification email.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an expired token lands on /auth with the expired-link message", async ({ page }) => {
  const email = uniqueEmail("expired");
  const token = await createEmailVerificationToken(serverSecret(), email, undefined, -60);
  await page.goto(`/verify-email?token=${token}&type=signup&email=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/auth\?error=verification_failed&category=expired/);
  await expect(
    page.getByText("This verification link has expired. Please request a new verification email."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a token on the landing page is carried to /verify-email", async ({ page }) => {
  await page.goto("/?token=abc&type=signup&email=a%40b.co");
  await expect(page).toHaveURL(/\/auth\?error=verification_failed&category=invalid/);
});

test("without a token and signed out, /verify-email shows the manual wait screen", async ({
  page,
}) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("a new tab will open for onboarding")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("signed-out visitors on /app are sent to /auth; unknown paths get the 404 page", async ({
  page,
}) => {
  await page.goto("/app/contacts");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});

test("sign in with a wrong password shows the provider's message", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "Sign in failed");
  await expectToast(page, "Invalid email or password");
});

test("the sign-in form validates email shape and required password", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("a signed-in user signs in through the form and out through the user menu", async ({
  page,
}) => {
  const user = await createUser(page);
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/app\/contacts/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth/);
});

test("the sign-in / sign-up tabs work from the keyboard", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign in" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
});

test("a signed-in user without a subscription visiting /verify-email gets the trial and stays in /app", async ({
  page,
}) => {
  await createUser(page, { subscribed: false, onboarded: true });
  // Hold the trial creation until the page has read the old status ("none"), so a stale cached
  // status would send the user to /subscribe after the redirect.
  let markStatusRead = () => {};
  const statusRead = new Promise<void>((resolve) => (markStatusRead = resolve));
  page.on("response", (response) => {
    if (response.url().endsWith("/api/billing/status")) markStatusRead();
  });
  await page.route("**/api/billing/onboarding-subscription", async (route) => {
    await statusRead;
    await route.continue();
  });

  await page.goto("/verify-email");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const status = await (await page.request.get("/api/billing/status")).json();
  expect(status).toMatchObject({ status: "active", billingStatus: { isTrial: true } });
  await expectNoAxeViolations(page);
});

test("when the onboarding status cannot be read after verification: the spec's toast, then contacts", async ({
  page,
}) => {
  await createUser(page);
  // Fail the page's one read of the onboarding status, the first /api/me after the link call.
  let hasLinked = false;
  let hasFailedRead = false;
  await page.route("**/api/billing/onboarding-subscription", async (route) => {
    hasLinked = true;
    await route.continue();
  });
  await page.route("**/api/me", async (route) => {
    if (!hasLinked || hasFailedRead) return route.continue();
    hasFailedRead = true;
    await route.fulfill({
      status: 500,
      json: { error: { code: "INTERNAL", message: "Something went wrong", requestId: "e2e" } },
    });
  });

  await page.goto("/verify-email");
  await expectToast(page, "Could not verify onboarding status. Redirecting to contacts.");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  expect(hasFailedRead).toBe(true);
  await expectNoAxeViolations(page);
});

for (const isGoogleEnabled of [true, false]) {
  test(`"Continue with Google" is ${isGoogleEnabled ? "shown" : "hidden"} when the config says Google is ${isGoogleEnabled ? "" : "not "}configured`, async ({
    page,
  }) => {
    // The real public config, with the Google flag set and a marked trial length: seeing it
    // proves the config was rendered before the button is looked for.
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      expect(config).toHaveProperty("isGoogleEnabled");
      await route.fulfill({
        response,
        json: { ...config, isGoogleEnabled, appName: "Tend Config Check", trialDays: 21 },
      });
    });
    const google = page.getByRole("button", { name: "Continue with Google" });

    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign up" }).click();
    await expect(page.getByText(/^21-day free trial, no card needed\./)).toBeVisible();
    await expect(google).toHaveCount(isGoogleEnabled ? 1 : 0);
    await expectNoAxeViolations(page);

    await page.goto("/account-creation?session_id=cs_config_check");
    await expect(
      page.getByText("Create your account to start using Tend Config Check."),
    ).toBeVisible();
    await expect(google).toHaveCount(isGoogleEnabled ? 1 : 0);
    await expectNoAxeViolations(page);
  });
}

test("/auth shows the unknown-category verification failure", async ({ page }) => {
  await page.goto("/auth?error=verification_failed&category=unknown");
  await expect(
    page.getByText(
      "An unexpected error occurred during verification. Please try again or contact support.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/auth shows the no-session message", async ({ page }) => {
  await page.goto("/auth?error=no_session");
  await expect(page.getByText(NO_SESSION_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a token in the landing page's hash is carried to /verify-email with its type and email", async ({
  page,
}) => {
  // Hold the verify call so the page can be seen on /verify-email before it moves on.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/verify-email?**", async (route) => {
    await released;
    await route.continue();
  });
  const verifyCall = page.waitForRequest("**/api/auth/verify-email?**");
  await page.goto("/#token_hash=hash-abc&type=signup&email=ada%40example.com");
  await expect(page).toHaveURL(
    /\/verify-email\?token_hash=hash-abc&type=signup&email=ada%40example\.com$/,
  );
  expect(new URL((await verifyCall).url()).searchParams.get("token")).toBe("hash-abc");
  await expect(page.getByRole("heading", { name: "Verifying your email..." })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page).toHaveURL(/\/auth\?error=verification_failed&category=invalid/);
});

test("signed in, the 404 page's Return to Home goes to /app/contacts", async ({ page }) => {
  await createUser(page);
  // A signed-in user's unknown path is inside /app (public pages send them to the app).
  await page.goto("/app/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute(
    "href",
    "/app/contacts",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
});

test("the check-email panel resends the confirmation and goes back to the sign-in form", async ({
  page,
}) => {
  const email = uniqueEmail("panel");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await waitForMail(page.request, email);

  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expectToast(page, "Email sent");
  await expectToast(page, "Confirmation email has been resent to your inbox.");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign in" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeHidden();
});

test("a verification that failed on the server offers a new email, which arrives", async ({
  page,
}) => {
  const email = uniqueEmail("resend");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: BASE_URL },
    data: { email, password: PASSWORD, name: "resend", callbackURL: "/verify-email" },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  // The server fails every way of verifying: the link cannot work now, a new one later may.
  for (const path of ["**/api/auth/verify-email**", "**/api/verify-email**"])
    await page.route(path, (route) => route.fulfill({ status: 500, body: "{}" }));

  await page.goto(`/verify-email?token=abc&type=signup&email=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/auth\?error=verification_failed&category=server&email=/);
  await page.getByRole("button", { name: "Resend the email" }).click();

  await expectToast(page, "Confirmation email has been resent to your inbox.");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await waitForMail(page.request, email);
  await expectNoAxeViolations(page);
});

test("a retryable failure without the address asks for it before sending", async ({ page }) => {
  await page.goto("/auth?error=verification_failed&category=network");
  await page.getByLabel("Your email").fill("not-an-address");
  await page.getByRole("button", { name: "Resend the email" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.goto("/auth?error=verification_failed&category=expired");
  await expect(page.getByRole("button", { name: "Resend the email" })).toHaveCount(0);
});
