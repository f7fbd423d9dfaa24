// /auth and /subscribe prerendered: a visitor without a session gets the page's
// markup in the HTML itself, React takes that markup over (the same elements, no hydration
// error or warning), the form works afterwards, a press made before the code ran is not lost,
// and a query or a session still gets the app's shell, as before.
import { PASSWORD, createUser, expect, expectToast, test, uniqueEmail } from "./fixtures";
import { expectSameElementHydrated, isHydrated, keepFirstElement, watchConsole } from "./hydration";
import { holdApiAnswer } from "./late-answer";

test("/auth and /subscribe arrive with their markup for a visitor without a session", async ({
  request,
}) => {
  const auth = await (await request.get("/auth")).text();
  expect(auth).toContain('data-prerendered="/auth"');
  expect(auth).toContain("Welcome back");
  expect(auth).toMatch(/<form[^>]*>.*name="email".*name="password".*Sign in<\/button><\/form>/s);
  // Its route's code is still named in the head.
  expect(auth).toMatch(/<link rel="modulepreload"[^>]*auth-route[^>]*>/);

  const subscribe = await (await request.get("/subscribe")).text();
  expect(subscribe).toContain('data-prerendered="/subscribe"');
  expect(subscribe).toContain("Subscribe now");
  expect(subscribe).toContain("Back to sign in");

  // A query can change what /auth shows (a verification error): the app's shell renders it.
  const withError = await (await request.get("/auth?error=no_session")).text();
  expect(withError).not.toContain("data-prerendered");
  expect(withError).toContain('<div id="root"><!--app-html--></div>');
});

test("/auth hydrates its prerendered form without a warning, and signing in works", async ({
  page,
}) => {
  const messages = watchConsole(page);
  await keepFirstElement(page, "#root form");
  await page.goto("/auth");
  await expectSameElementHydrated(page, "#root form");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "Sign in failed");
  await expectToast(page, "Invalid email or password");
  // The tabs work too.
  await page.getByRole("tab", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  // The sign-in's 401 is the browser's own log line, not the page's.
  expect(messages.filter((m) => !/status of 401/.test(m))).toEqual([]);
});

test("what is typed and pressed on /auth before its code runs goes through the form", async ({
  page,
}) => {
  // The first answer about the session is held: the page cannot hydrate until it arrives.
  const session = await holdApiAnswer(page, "GET", /^\/api\/auth\/get-session$/);
  await page.goto("/auth");
  await session.asked;
  expect(await isHydrated(page, "#root form")).toBe(false);
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  expect(page.url()).toMatch(/\/auth$/);

  session.release();
  await expectToast(page, "Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue("nobody@example.com");
});

test("Sign up clicked before /auth's code runs, then typed into, creates the account", async ({
  page,
}) => {
  // The click on the tab is held until the page is live; what was typed meanwhile
  // went into the sign-in form's fields, and the sign-up form it opens starts with it.
  const email = uniqueEmail("early-signup");
  const session = await holdApiAnswer(page, "GET", /^\/api\/auth\/get-session$/);
  await page.goto("/auth");
  await session.asked;
  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  expect(await isHydrated(page, "#root form")).toBe(false);

  session.release();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test("an arrow key on the tabs before /auth's code runs goes to the other tab once it has", async ({
  page,
}) => {
  // The keyboard's way to Sign up is held as a click on it is.
  const session = await holdApiAnswer(page, "GET", /^\/api\/auth\/get-session$/);
  await page.goto("/auth");
  await session.asked;
  await page.getByRole("tab", { name: "Sign in" }).focus();
  await page.keyboard.press("ArrowRight");
  expect(await isHydrated(page, "#root form")).toBe(false);

  session.release();
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Sign up" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
});

test("switching between Sign in and Sign up keeps the email and password typed", async ({
  page,
}) => {
  await page.goto("/auth");
  await expect.poll(() => isHydrated(page, "#root form")).toBe(true);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password").fill("typed-in-sign-in");
  await page.getByRole("tab", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("typed-in-sign-in");

  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByRole("tab", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("grace@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("typed-in-sign-in");
});

test("a prerendered page's code is fetched at low priority, its stylesheet first", async ({
  page,
}) => {
  // The page is drawn from its HTML and CSS; the code only takes it over.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/assets/")) priorities.set(pathname, request.initialPriority);
  });
  await page.goto("/auth");
  await expect.poll(() => isHydrated(page, "#root form")).toBe(true);
  const scripts = [...priorities].filter(([file]) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter(([, priority]) => priority !== "Low")).toEqual([]);
  const styles = [...priorities].filter(([file]) => file.endsWith(".css"));
  expect(styles.map(([, priority]) => priority)).toEqual(["VeryHigh"]);
});

test("/subscribe hydrates without a warning and its links work", async ({ page }) => {
  const messages = watchConsole(page);
  await keepFirstElement(page, "#root main");
  await page.goto("/subscribe");
  await expectSameElementHydrated(page, "#root main");
  await expect(page.getByRole("heading", { name: "Subscribe to Tend" })).toBeVisible();
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  expect(messages).toEqual([]);
});

test("a signed-in visitor gets the app's shell at /auth and is sent on as before", async ({
  page,
}) => {
  await createUser(page);
  const html = await (await page.request.get("/auth")).text();
  expect(html).not.toContain("data-prerendered");
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
});

test("a sign-in sent before the page's code has run is posted, never put in the address", async ({
  page,
}) => {
  // The app's entry never arrives: the prerendered form is all there is.
  await page.route(/\/assets\/index-[^/]*\.js$/, () => undefined);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/auth", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByLabel("Password", { exact: true }).press("Enter");

  const answer = await posted;
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe("/auth");
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/auth");
  expect(posts).toEqual(["/auth"]);
  expect(page.url()).not.toContain("correct-horse");
  expect(page.url()).not.toContain("ada%40example.com");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});
