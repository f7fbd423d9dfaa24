// Acquisition and billing in the browser, with BILLING_PROVIDER=local: landing page, checkout,
// payment success, account creation after payment, the trial ending, access gating, waitlist.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Request } from "@playwright/test";
import {
  DAY_MS,
  HOUR_MS,
  SERVER_ERROR,
  paySignedOut,
  payWithTestCard,
  readBilling,
  setClock,
} from "./billing-helpers";
import {
  PASSWORD,
  createUser,
  expect,
  expectNoAxeViolations,
  expectToast,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
} from "./fixtures";
import { expectNoOverflowOnPhones } from "./page-width";

test("a visitor pays first, creates the account, verifies, onboards and reaches contacts", async ({
  page,
}) => {
  const email = uniqueEmail("payfirst");
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Keep in touch with the people who matter" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Subscribe for $8/month" }).click();

  await expect(page).toHaveURL(/\/checkout\?session_id=cs_local_/);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expectNoAxeViolations(page);
  // An obviously bad card is refused with a clear message.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
  await expect(
    page.getByText("That card number is not valid. Please check it and try again."),
  ).toBeVisible();
  await payWithTestCard(page);

  // Signed out: payment success sends the payer on to create the account.
  await expect(page).toHaveURL(/\/account-creation\?session_id=cs_local_/);
  const sessionId = new URL(page.url()).searchParams.get("session_id");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectToast(page, "Account created!");

  const link = verificationLinkFrom(await waitForMail(page.request, email));
  expect(new URL(link).searchParams.get("session_id")).toBe(sessionId);
  await page.goto(link);
  await expect(page).toHaveURL(
    /\/app\/onboarding\?from=verification&initialStep=1&disableAutoAdvance=1/,
  );
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  // The tour starts from this address and then takes the parameter off: catch the landing.
  const landed = page.waitForURL(/\/app\/contacts\?fromOnboarding=true/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Skip for now" }).click();
  await landed;
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

  // The paid subscription, not a trial, is the one in force.
  const billing = await readBilling(page);
  expect(billing.status).toBe("active");
  expect(billing.billingStatus).toMatchObject({ isTrial: false, provider: "local" });
  await waitForMail(page.request, email, "subscription-started");
});

test("a trial that ended sends the user to /subscribe; paying lets them back in", async ({
  page,
}) => {
  const user = await createUser(page);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  expect((await readBilling(page)).billingStatus.isTrial).toBe(true);

  await setClock(page, 14 * DAY_MS + 23 * HOUR_MS);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  expect((await readBilling(page)).isWithinGrace).toBe(true);

  await setClock(page, 15 * DAY_MS + HOUR_MS);
  await page.goto("/app/contacts");
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByText("Most popular")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The paid API agrees: no way around the payment.
  expect((await page.request.get("/api/contacts")).status()).toBe(402);

  await page.getByRole("button", { name: "Subscribe now" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/app\/contacts$/, { timeout: 20_000 });
  await expectToast(page, "Your subscription is now active. Welcome to Tend!");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const billing = await readBilling(page);
  expect(billing).toMatchObject({ status: "active", billingStatus: { isTrial: false } });
  expect((await page.request.get("/api/contacts")).status()).toBe(200);
});

test("a signed-in user back from paying is never offered Sign in in the header", async ({
  page,
}) => {
  await createUser(page);
  // Every session read waits, as on a slow connection; the payment's link never answers, so the
  // page stays on its way to confirming.
  let releaseSession = () => {};
  const sessionReleased = new Promise<void>((resolve) => (releaseSession = resolve));
  await page.route(/\/api\/auth\/get-session$/, async (route) => {
    const response = await route.fetch();
    await sessionReleased;
    await route.fulfill({ response });
  });
  let releaseLink = () => {};
  const linkReleased = new Promise<void>((resolve) => (releaseLink = resolve));
  await page.route(/\/api\/billing\/link$/, async (route) => {
    await linkReleased;
    await route.abort();
  });
  await page.goto("/payment-success?session_id=cs_local_back_from_paying");
  await expect(page.getByRole("heading", { name: "Confirming your payment..." })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  releaseSession();
  await expect(page.getByRole("heading", { name: "Linking your subscription..." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open app" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  releaseLink();
});

test("a signed-in active user visiting /subscribe is sent to contacts with a notice", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/subscribe");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expectToast(page, "You're already subscribed");
});

test("the plan page, signed out: plan, badge, features, back to login, support", async ({
  page,
}) => {
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { name: "Standard Plan" })).toBeVisible();
  await expect(page.getByText("$8", { exact: true })).toBeVisible();
  await expect(page.getByText("USD/month", { exact: true })).toBeVisible();
  await expect(page.getByText("Most popular")).toBeVisible();
  await expect(page.getByText("Up to 1,000 contacts")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=/);
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
});

test("payment success and account creation without a session id go to /subscribe", async ({
  page,
}) => {
  await page.goto("/payment-success");
  await expectToast(page, "No subscription session found. Please subscribe first.");
  await expect(page).toHaveURL(/\/subscribe$/);
  await page.goto("/account-creation");
  await expectToast(page, "No subscription session found. Please subscribe first.");
  await expect(page).toHaveURL(/\/subscribe$/);
});

test("waitlist: a bad email is not sent; a good one is thanked for 3 s, even if saving fails", async ({
  page,
}) => {
  const thanks = page.getByText("Thank you! You've been added to our waitlist.");
  let posts = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/leads") && request.method() === "POST") posts += 1;
  });
  await page.goto("/#pricing");
  const email = page.getByLabel("Work email");
  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByText("Please enter an email address with an @.")).toBeVisible();
  await expect(thanks).toBeHidden();
  expect(posts).toBe(0);

  await email.fill(uniqueEmail("lead"));
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(thanks).toBeVisible();
  expect(posts).toBe(1);
  await expect(thanks).toBeHidden({ timeout: 5_000 });

  await page.route("**/api/leads", (route) => route.fulfill({ status: 500, body: "{}" }));
  await email.fill(uniqueEmail("lead"));
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(thanks).toBeVisible();
});

test("waitlist on the landing page: its code loads on first use; what was typed and an early submit go through it", async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const formCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/waitlist-form-[^/]*\.js$/.test(request.url())) formCode.push(request.url());
  });
  let posts = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/leads") && request.method() === "POST") posts += 1;
  });
  // The form's code is held back until the visitor has typed and pressed Enter.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/waitlist-form-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/#pricing");
  await page.waitForLoadState("networkidle");
  expect(formCode).toEqual([]);

  const email = page.getByLabel("Work email");
  await email.fill("not-an-email");
  await email.press("Enter");
  await expect.poll(() => formCode.length).toBe(1);
  release();
  await expect(page.getByText("Please enter an email address with an @.")).toBeVisible();
  await expect(email).toHaveValue("not-an-email");
  expect(posts).toBe(0);
  await expect(page).toHaveURL(/\/#pricing$/);

  await email.fill(uniqueEmail("lead"));
  await email.press("Enter");
  await expect(page.getByText("Thank you! You've been added to our waitlist.")).toBeVisible();
  expect(posts).toBe(1);
  await expect(email).toHaveValue("");
  expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
});

test("landing page: static HTML, anchors, footer year, light theme, mobile menu by keyboard", async ({
  page,
}) => {
  // Prerendered: the content is in the HTML itself, before any JavaScript runs.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain("Keep in touch with the people who matter");
  expect(html).toContain('id="pricing"');
  // The build leaves the product name as a marker; the server fills in APP_NAME.
  const built = readFileSync(path.join(process.env.E2E_DIST ?? "dist/web", "landing.html"), "utf8");
  expect(built).toContain("%%PRODUCT_NAME%%<!-- --> is a personal relationship manager");
  expect(built).not.toMatch(/\bTend\b/);
  expect(html).not.toContain("%%PRODUCT_NAME%%");
  expect(html).toContain("Tend<!-- --> is a personal relationship manager");
  expect(html).toContain("<title>Tend: keep in touch with the people who matter</title>");

  // Static with islands: only the landing page's own script, no app, no session
  // read, and the islands hydrate without a mismatch (React reports one as a console error).
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
  expect(requested.some((p) => /^\/assets\/landing-[\w-]+\.js$/.test(p))).toBe(true);
  expect(requested.filter((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toEqual([]);
  for (const id of ["features", "how-it-works", "pricing", "privacy"])
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  await expect(page.getByText(`© ${new Date().getFullYear()} Tend`)).toBeVisible();
  await expect(page.getByText("Tend is a personal relationship manager")).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  const menuButton = page.getByRole("button", { name: "Open menu" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Features" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press("Enter");
  await menu.getByRole("link", { name: "Pricing" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#pricing$/);
  expect(consoleErrors).toEqual([]);
});

test("a signed-in visitor opening / is taken into the app", async ({ page }) => {
  await createUser(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
});

test("landing: the main button starts the free trial with no card; subscribing is the second choice", async ({
  page,
}) => {
  const html = await (await page.request.get("/")).text();
  expect(html).toMatch(/<a[^>]*href="\/auth\?show=signup"[^>]*>Start your 14-day free trial<\/a>/);

  await page.goto("/");
  const hero = page.locator("section[aria-labelledby=hero-title]");
  const choices = await hero
    .locator("a, button")
    .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()));
  expect(choices.slice(0, 2)).toEqual(["Start your 14-day free trial", "Subscribe for $8/month"]);
  await expect(page.getByTestId("trial-offer")).toContainText("14-day free trial, no card needed.");
  // The plan card offers the same two, in the same order.
  const plan = page.locator("#pricing");
  await expect(plan.getByRole("link", { name: "Start your 14-day free trial" })).toBeVisible();
  await expect(plan.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expectNoOverflowOnPhones(page, expectNoAxeViolations);

  await hero.getByRole("link", { name: "Start your 14-day free trial" }).click();
  await expect(page).toHaveURL(/\/auth\?show=signup$/);
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("14-day free trial, no card needed.")).toBeVisible();
});

test("landing header: Sign in and Sign up go to /auth on the matching tab, also from the mobile menu", async ({
  page,
}) => {
  // Both links are in the prerendered HTML, before any JavaScript runs.
  const html = await (await page.request.get("/")).text();
  // The sign-up tab is in the address: the server sends the app's shell for it, not the
  // prerendered sign-in tab.
  expect(html).toMatch(/<a[^>]*href="\/auth\?show=signup"[^>]*>Sign up<\/a>/);
  expect(html).toMatch(/<a[^>]*href="\/auth"[^>]*>Sign in<\/a>/);

  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/auth\?show=signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);

  await page.goto("/");
  await header.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Mobile" })
    .getByRole("link", { name: "Sign up" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
});

test("the subscription debug page shows the computed status, its cache and the rows", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/debug/subscription");
  await expect(page.getByRole("heading", { level: 1, name: "Subscription debug" })).toBeVisible();
  await expect(page.getByTestId("debug-client-status")).toHaveText("active");
  await expect(page.getByTestId("debug-cached-value")).toHaveText("active");
  await expect(page.getByTestId("debug-cache-lifetime")).toHaveText("300 s");
  await expect(page.getByText('"isTrial": true')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the OAuth callback links a pending paid checkout, then goes to onboarding", async ({
  page,
  request,
}) => {
  // Paid signed out, in another browser session; the pending id survived the Google round trip.
  const sessionId = await paySignedOut(request);

  await createUser(page, { subscribed: false });
  await page.goto("/subscribe");
  await page.evaluate((id) => localStorage.setItem("tend.oauth.pending-session-id", id), sessionId);
  await page.goto("/auth/oauth-callback");
  await expect(page).toHaveURL(/\/app\/(onboarding|contacts)/, { timeout: 20_000 });
  expect(
    await page.evaluate(() => localStorage.getItem("tend.oauth.pending-session-id")),
  ).toBeNull();
  const billing = await readBilling(page);
  expect(billing).toMatchObject({ status: "active", billingStatus: { isTrial: false } });
});

test("the OAuth callback shows the failure card with Try Again", async ({ page }) => {
  await page.goto("/auth/oauth-callback?error=access_denied");
  await expect(page.getByRole("heading", { name: "Authentication Failed" })).toBeVisible();
  await expect(page.getByText("Authentication failed. Please try again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute(
    "href",
    "/account-creation",
  );
  await expectNoAxeViolations(page);
});

test("a linking error is shown while payment success keeps checking, then 'Subscription Processing...'", async ({
  page,
  request,
}) => {
  // Paid signed out in another browser session; this user's attempt to link it fails (503).
  const sessionId = await paySignedOut(request);
  await createUser(page, { subscribed: false });
  await page.route("**/api/billing/link", (route) => route.fulfill(SERVER_ERROR));
  // The page's reads of the status after its link attempt, counted as they finish. The access
  // gate reads it once before; on a busy machine that read can finish after the link attempt has
  // started, so a read counts only if it was asked for after the attempt (a CI run counted the
  // gate's, stopped the clock one read short of 15 and waited for a toast that never came).
  let hasTriedLink = false;
  const pollReads = new Set<Request>();
  let statusReads = 0;
  page.on("request", (r) => {
    const pathname = new URL(r.url()).pathname;
    if (pathname === "/api/billing/link") hasTriedLink = true;
    else if (hasTriedLink && pathname === "/api/billing/status") pollReads.add(r);
  });
  page.on("requestfinished", (r) => {
    if (pollReads.has(r)) statusReads += 1;
  });

  await page.clock.install();
  await page.goto(`/payment-success?session_id=${sessionId}`);
  await expectToast(page, "Subscription Linking Error");
  await expectToast(page, "There was an issue linking your subscription. Please contact support.");
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expectNoAxeViolations(page);

  // The linking error stays up through the 15 status reads, 2 s apart. From here time moves only
  // when the test moves it: flowing, the page's 2 s waits ran on while a slow machine spent
  // seconds in the checks, and its 15th read came before the test looked for the 14th.
  // Paused a second ahead of the page's own clock, not this process's: on a busy machine the
  // page's clock was ahead of `Date.now() + 100` here, and pausing in its past is an error (a CI
  // run). A poll the jump brings forward only counts as one of the 15 reads. On a machine busy
  // enough, more than that second passed between reading the page's clock and pausing it (a CI
  // run: "Cannot fast-forward to the past"): the clock is read again and the pause asked again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      break;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
  while (statusReads < 15) {
    await expectToast(page, "Subscription Linking Error");
    const readsBefore = statusReads;
    await page.clock.runFor(2_000);
    await expect.poll(() => statusReads).toBeGreaterThan(readsBefore);
  }
  // Sonner adds a toast on a timer, which the paused clock holds: moved on a little at a time,
  // well short of the page's 2 s wait before it leaves.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return page.getByText("Subscription Processing...").count();
    })
    .toBeGreaterThan(0);
  await expectToast(page, "Subscription Processing...");
  expect(statusReads).toBe(15);
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/subscribe$/);
  await page.clock.resume();
  await expectNoAxeViolations(page);
});

test("the landing page's Subscribe shows an alert when checkout fails", async ({ page }) => {
  await page.route("**/api/billing/checkout", (route) => route.fulfill(SERVER_ERROR));
  await page.goto("/");
  // The alert is answered inside the listener: awaiting it after the click can deadlock, since
  // an open alert blocks the page the click is still talking to.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Subscribe for $8/month" }).click();
  await expect
    .poll(() => dialogs)
    .toEqual(["alert: Failed to redirect to checkout. Please try again."]);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Subscribe for $8/month" })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test("the OAuth callback gives up after 15 s without a session", async ({ page }) => {
  await page.clock.install();
  await page.goto("/auth/oauth-callback");
  await expect(page.getByRole("heading", { name: "Establishing session..." })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.clock.fastForward(15_000);
  await expect(page.getByRole("heading", { name: "Authentication Failed" })).toBeVisible();
  await expect(page.getByText("Authentication timeout. Please try again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  await expectNoAxeViolations(page);
});
