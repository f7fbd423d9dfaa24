// Access gating (spec 02 §4) when reads fail or answers age: a failing settings read, a status
// read that fails (unknown), and the status cache expiring while the user moves around /app.
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  SERVER_ERROR,
  payWithTestCard,
  readBilling,
  setClock,
} from "./billing-helpers";
import { createUser, expect, expectNoAxeViolations, expectToast, test } from "./fixtures";
import { expectAppLive } from "./hydration";

const ONBOARDING_UNREADABLE = "Could not verify onboarding status. Redirecting to contacts.";

test("a failing settings read keeps a signed-in user in the app; public pages go to contacts with the notice", async ({
  page,
}) => {
  await createUser(page);
  await page.route("**/api/me", (route) => route.fulfill(SERVER_ERROR));

  // Inside /app the user stays where they are instead of being sent to sign in.
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expectNoAxeViolations(page);

  // Outside /app: "On a settings read error, non-/app paths go to /app/contacts".
  await page.goto("/subscribe");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expectToast(page, ONBOARDING_UNREADABLE);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("when neither the settings nor the session can be read, /app offers to try again", async ({
  page,
}) => {
  await createUser(page);
  await page.route("**/api/me", (route) => route.fulfill(SERVER_ERROR));
  await page.route("**/api/auth/get-session*", (route) => route.fulfill(SERVER_ERROR));
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Connection problem" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expectNoAxeViolations(page);

  await page.unrouteAll();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
});

test("payment success with an unreadable onboarding status says so and goes to contacts", async ({
  page,
}) => {
  await createUser(page, { subscribed: false });
  // The settings read starts failing once the payment is being linked.
  let hasLinked = false;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/billing/link")) hasLinked = true;
  });
  await page.route("**/api/me", (route) =>
    hasLinked ? route.fulfill(SERVER_ERROR) : route.fallback(),
  );

  await page.goto("/subscribe");
  await page.getByRole("button", { name: "Subscribe now" }).click();
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expectToast(page, "Your subscription is now active. Welcome to Tend!");
  // The next toast is looked for while axe runs: on a busy machine axe took longer than the
  // pause before that toast and the 5 s it stays up, and a CI run found it gone.
  const unreadableShown = expectToast(page, ONBOARDING_UNREADABLE);
  await expectNoAxeViolations(page);
  await unreadableShown;
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  expect(await readBilling(page)).toMatchObject({
    status: "active",
    billingStatus: { isTrial: false },
  });
});

test("a user whose status cannot be read may stay on /subscribe and pay", async ({ page }) => {
  await createUser(page);
  await page.route("**/api/billing/status", (route) => route.fulfill(SERVER_ERROR));
  await page.goto("/subscribe");
  // Three reads fail (1 s and 2 s apart): the status is unknown, and the plan page stays.
  await expect(page.getByText("We could not check your subscription just now.")).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("button", { name: "Subscribe now" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Unknown still lets the user into the app (spec 01 §4).
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
});

test("moving between /app pages reads the status again once the cached answer has expired", async ({
  page,
}) => {
  await page.clock.install();
  await createUser(page);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  // The list is drawn by the server: its code must have read the list before the test holds it.
  await expectAppLive(page);
  const nav = page.getByRole("navigation", { name: "Main" });

  // The trial and its 24 h grace are over on the server. The paid API is held unanswered (the
  // pages' reads, and the bell's count of reply suggestions), so its 402 cannot be what sends
  // the user away: only the status read can.
  await setClock(page, 15 * DAY_MS + HOUR_MS);
  await page.route(/\/api\/(contacts|imports|replies)/, () => {});
  let statusReads = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/billing/status") statusReads += 1;
  });

  // Within its 5 minutes the cached "active" holds: pages change without asking again.
  await nav.getByRole("link", { name: "Rhythms" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rhythms" })).toBeVisible();
  await nav.getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

  // Past the cache lifetime, the next path change reads the status again: none → /subscribe.
  await page.clock.fastForward(5 * MINUTE_MS + 1_000);
  await nav.getByRole("link", { name: "Rhythms" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByText("Most popular")).toBeVisible();
  expect(statusReads).toBe(1);
  await expectNoAxeViolations(page);
});
