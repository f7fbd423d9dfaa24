// App start and sign-in: the signed-in shell
// paints before any answer, the session, status and list are asked together, sign-in goes
// straight to the list, public pages log no console error, and the one access gate still sends
// each visitor where spec 02 §4 says.
import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createUser,
  expect,
  PASSWORD,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
} from "./fixtures";
import { holdApiAnswer } from "./late-answer";

/** Console errors and Content-Security-Policy violations, from the first script on. */
async function watchConsoleErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective}`),
    ),
  );
  return errors;
}

/** The order requests to the API left the page in, by path. */
function watchApiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) paths.push(pathname);
  });
  return paths;
}

// The contact list with no query arrives rendered by the server (its own spec): a
// list opened with one (here the default, explicitly) is drawn by the browser, as every other
// signed-in page is, and shows what these tests look at.
const LIST_DRAWN_BY_THE_BROWSER = "/app/contacts?archived=false";

test("the signed-in layout, the page title and skeleton rows show before the session answers", async ({
  page,
}) => {
  await createUser(page);
  const me = await holdApiAnswer(page, "GET", /^\/api\/me$/);
  await page.goto(LIST_DRAWN_BY_THE_BROWSER);
  await me.asked;
  await expect(page.getByRole("link", { name: "Contacts" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading your account" })).toBeVisible();
  await expect(page.getByTestId("skeleton-rows")).toBeVisible();
  // No paid page, and no user menu, before the gate knows who this is.
  await expect(page.getByRole("link", { name: "Add contact" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open user menu" })).toHaveCount(0);

  me.release();
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  await expect(page.getByTestId("skeleton-rows")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open user menu" })).toBeVisible();
});

test("the shell also shows while the page's own code is still loading", async ({ page }) => {
  await createUser(page);
  const code = await holdApiAnswer(page, "GET", /^\/assets\/contacts-page-[\w-]+\.js$/);
  await page.goto(LIST_DRAWN_BY_THE_BROWSER);
  await code.asked;
  await expect(page.getByRole("link", { name: "Contacts" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByTestId("skeleton-rows")).toBeVisible();
  code.release();
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
});

test("a link pressed on /app while the session and its page's code are on the way is followed", async ({
  page,
}) => {
  // /app sends on to the contact list; a press on the shell's World Map before that settled
  // once lost to the redirect when the map's code came later than the session.
  await createUser(page);
  const me = await holdApiAnswer(page, "GET", /^\/api\/me$/);
  const mapCode = await holdApiAnswer(page, "GET", /^\/assets\/map-route-[\w-]+\.js$/);
  await page.goto("/app");
  await me.asked;
  await page.getByRole("link", { name: "World Map" }).first().click();
  await mapCode.asked;
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/me");
  me.release();
  await answered;
  // Time for the gate to open on the session's answer, where the redirect used to be sent.
  await page.waitForTimeout(300);
  mapCode.release();
  await expect(page.getByRole("heading", { level: 1, name: "World Map" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/map$/);
});

test("the contacts page shows skeleton rows, not a blank page, while its list is on the way", async ({
  page,
}) => {
  await createUser(page);
  await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName: "Ada", lastName: "Lovelace" },
  });
  const list = await holdApiAnswer(page, "GET", /^\/api\/contacts$/);
  await page.goto(LIST_DRAWN_BY_THE_BROWSER);
  await list.asked;
  await expect(page.getByRole("button", { name: "Open user menu" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading your contacts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add contact" })).toBeVisible();
  list.release();
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("skeleton-rows")).toHaveCount(0);
});

test("opening the contact list asks for the session, the status and the list together", async ({
  page,
}) => {
  await createUser(page);
  const requests = watchApiRequests(page);
  const me = await holdApiAnswer(page, "GET", /^\/api\/me$/);
  await page.goto("/app/contacts");
  await me.asked;
  // With the session's answer still held, the other two have already been asked.
  await expect.poll(() => requests).toEqual(expect.arrayContaining(["/api/billing/status"]));
  await expect.poll(() => requests).toEqual(expect.arrayContaining(["/api/contacts"]));
  me.release();
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  // Each was read once: the gate and the page used the reads already under way.
  expect(requests.filter((p) => p === "/api/billing/status")).toHaveLength(1);
  expect(requests.filter((p) => p === "/api/contacts")).toHaveLength(1);
});

test("sign-in goes straight to the contact list, without a page load or a stop on the way", async ({
  page,
}) => {
  const user = await createUser(page);
  await page.context().clearCookies();
  await page.goto("/auth");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  const requests = watchApiRequests(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  expect(documents).toEqual([]);
  expect(requests).not.toContain("/api/billing/onboarding-subscription");
  expect(requests.filter((p) => p === "/api/contacts")).toHaveLength(1);
});

test("an unverified user who signs in gets the confirmation mail, and its link still works", async ({
  page,
}) => {
  const email = uniqueEmail("unverified-sign-in");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: BASE_URL },
    data: { email, password: PASSWORD, name: "unverified", callbackURL: "/verify-email" },
  });
  expect(signUp.ok()).toBeTruthy();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const link = new URL(verificationLinkFrom(await waitForMail(page.request, email)));
  expect(link.pathname).toBe("/verify-email");
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/app\/onboarding/);
});

test("public pages log no console error and trip no Content-Security-Policy", async ({ page }) => {
  const errors = await watchConsoleErrors(page);
  const requests = watchApiRequests(page);
  for (const path of ["/", "/auth", "/subscribe", "/forgot-password"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
  // Signed out, the pages asked the auth server (200) instead of /api/me (401).
  expect(requests).not.toContain("/api/me");
});

test("a signed-in visitor of a public page is still recognised and sent to the list", async ({
  page,
}) => {
  await createUser(page);
  const errors = await watchConsoleErrors(page);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the gate: signed out goes to /auth and back after sign-in; unpaid to /subscribe; not onboarded to onboarding", async ({
  page,
}) => {
  const user = await createUser(page);
  await page.context().clearCookies();
  await page.goto("/app/rhythms");
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/rhythms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rhythms" })).toBeVisible();

  await page.context().clearCookies();
  await createUser(page, { subscribed: false });
  await page.goto("/app/contacts");
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toHaveCount(0);

  await page.context().clearCookies();
  await createUser(page, { onboarded: false });
  await page.goto("/app/contacts");
  await expect(page).toHaveURL(/\/app\/onboarding/);
});

test("a page opened from outside asks for its own code at once, and only once", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto("/auth");
  const html = (await response?.text()) ?? "";
  // (At low priority: /auth is prerendered.)
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)]
    .map((match) => match[1]!)
    .filter((file) => /auth-route/.test(file));
  // The head names the /auth route's chunk...
  expect(preloaded).toHaveLength(1);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  // ...and the router uses that copy instead of fetching it again.
  expect(scripts.filter((file) => file === preloaded[0])).toHaveLength(1);
});

test("the contact list's first reads start with its HTML and are asked once", async ({ page }) => {
  await createUser(page);
  const api: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) api.push(url.pathname + url.search);
  });
  // /app is the list too, drawn by the browser (at /app/contacts the server draws it and the
  // page asks for nothing before it paints).
  const response = await page.goto("/app");
  const html = (await response?.text()) ?? "";
  for (const read of ["/api/me", "/api/billing/status", "/api/contacts?archived=false"]) {
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${read}">`);
  }
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The app's own requests took the preloaded answers: each was fetched once,
  // and by the preload.
  for (const read of ["/api/me", "/api/billing/status", "/api/contacts?archived=false"]) {
    expect(
      api.filter((url) => url === read),
      read,
    ).toHaveLength(1);
    const initiators = await page.evaluate(
      (url) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(url))
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      read,
    );
    expect(initiators, read).toEqual(["link"]);
  }
});
