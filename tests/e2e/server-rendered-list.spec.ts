// The contact list rendered by the server for its signed-in user: the rows are in
// the HTML itself, React takes that markup over (the same elements, no hydration error or
// warning, no shift of the layout), a press made before the code ran is not lost, and anyone
// or anything else (another user, no session, a query, a user the gate would not let in) gets
// the app's shell as before.
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, expectToast, test } from "./fixtures";
import {
  expectAppLive,
  expectSameElementHydrated,
  isHydrated,
  keepFirstElement,
  watchConsole,
} from "./hydration";
import { holdApiAnswer, type HeldAnswer } from "./late-answer";

async function addContacts(page: Page, names: [string, string][]): Promise<void> {
  for (const [firstName, lastName] of names) {
    const created = await page.request.post("/api/contacts", {
      headers: { origin: BASE_URL },
      data: { firstName, lastName, rhythm: { interval: 2, unit: "week" } },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
  }
}

const ROW = '#root [data-testid="contact-row"]';

/** A new signed-in user with one contact, Ada Lovelace. */
async function signInWithAda(page: Page): Promise<void> {
  await createUser(page);
  await addContacts(page, [["Ada", "Lovelace"]]);
}

/**
 * Opens the list with the browser's own read of it held: the page shows as the server drew it,
 * not yet taken over, until the returned answer is released.
 */
async function openWithListHeld(page: Page): Promise<HeldAnswer> {
  const list = await holdApiAnswer(page, "GET", /^\/api\/contacts$/);
  await page.goto("/app/contacts");
  await list.asked;
  return list;
}

test("the contact list arrives with its rows for the signed-in user, and only for them", async ({
  page,
  browser,
}) => {
  await createUser(page);
  await addContacts(page, [
    ["Ada", "Lovelace"],
    ["Grace", "Hopper"],
    // Text that a string replacement would read as a pattern, and markup: shown as written.
    ["Dollar", "$&$' <b>Sign</b>"],
  ]);
  const answer = await page.request.get("/app/contacts");
  const html = await answer.text();
  expect(html).toContain('data-server-rendered="/app/contacts"');
  expect(html).toMatch(/data-testid="contact-row".*Ada Lovelace/s);
  expect(html).toContain("Grace Hopper");
  expect(html).toContain("Dollar $&amp;$&#x27; &lt;b&gt;Sign&lt;/b&gt;");
  expect(html).not.toContain("<b>Sign</b>");
  expect(html.replaceAll("<!-- -->", "")).toContain("3 of 1,000 contacts");
  // The product name is filled in, as on every page.
  expect(html).not.toContain("%%");
  // Someone's own address book: stored by no cache, and its code asked for only after the first
  // paint: no module script or preload in the head, the starter instead.
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  expect(answer.headers()["vary"]).toMatch(/\bcookie\b/i);
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toMatch(
    /<script defer src="\/start-after-paint\.js" data-entry="\/assets\/index-[^"]+\.js" data-preloads="[^"]+"><\/script>/,
  );
  // Nothing else is asked for before the page paints: its reads come with its code.
  expect(html).not.toContain('rel="preload" as="fetch"');

  // A query asks for another list: the app's shell renders it.
  const filtered = await (await page.request.get("/app/contacts?state=overdue")).text();
  expect(filtered).not.toContain("data-server-rendered");
  expect(filtered).not.toContain("Ada Lovelace");

  // Another browser without the session: the shell, with no one's contacts in it.
  const stranger = await browser.newContext();
  const strangers = await (await stranger.request.get(`${BASE_URL}/app/contacts`)).text();
  expect(strangers).not.toContain("Ada Lovelace");
  expect(strangers).toContain('<div id="root"><!--app-html--></div>');
  // Another signed-in user gets their own (empty) list, not this one.
  const otherPage = await stranger.newPage();
  await createUser(otherPage);
  const others = await (await otherPage.request.get("/app/contacts")).text();
  expect(others).toContain('data-server-rendered="/app/contacts"');
  expect(others).toContain("Your address book is empty");
  expect(others).not.toContain("Ada Lovelace");
  await stranger.close();
});

test("a signed-in user the gate would not let in gets the app's shell, which sends them on", async ({
  page,
}) => {
  await createUser(page, { onboarded: false });
  const html = await (await page.request.get("/app/contacts")).text();
  expect(html).not.toContain("data-server-rendered");
  await page.goto("/app/contacts");
  await expect(page).toHaveURL(/\/app\/onboarding/);
});

test("the browser takes the rendered list over without a warning or a shift, and it works", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createUser(page);
  await addContacts(page, [
    ["Ada", "Lovelace"],
    ["Grace", "Hopper"],
  ]);
  const messages = watchConsole(page);
  await keepFirstElement(page, ROW);
  // The browser's own read of the list is held: the page shows as the server drew it.
  const list = await openWithListHeld(page);
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeVisible();
  // Wide screens show the filters inline from the first paint (no jump when the code arrives).
  await expect(page.getByLabel("Sort by")).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters" })).toBeHidden();
  expect(await isHydrated(page, ROW)).toBe(false);
  const before = await page.locator(ROW).first().boundingBox();

  list.release();
  // The first row is the server's element, not a new one, and where it was.
  await expectSameElementHydrated(page, ROW);
  expect(await page.locator(ROW).first().boundingBox()).toEqual(before);

  // Its code was asked for after the first paint, not with the HTML.
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(paint).not.toBeNull();
  expect(scripts.length).toBeGreaterThan(5);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!);

  // It works: search, then log a contact.
  await page.getByLabel("Search contacts").fill("grace");
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeHidden();
  await page.getByRole("button", { name: "Log contact with Grace Hopper" }).click();
  await expectToast(page, /^Logged contact with/);
  expect(messages).toEqual([]);
});

test("once taken over, the rendered list keeps the rows of the phone's own screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await createUser(page);
  await addContacts(
    page,
    Array.from({ length: 30 }, (_, i): [string, string] => [`Person${i}`, `Surname${i}`]),
  );
  await keepFirstElement(page, ROW);
  const list = await openWithListHeld(page);
  // The server draws the rows of a 900 px screen with the list at the top of the page.
  const drawn = await page.locator(ROW).count();
  list.release();
  await expectSameElementHydrated(page, ROW);
  // Once the list's place and the window are measured (in a transition), the rows
  // further below this screen than the few kept ahead are let go, and none is left out above.
  await expect.poll(() => page.locator(ROW).count()).toBeLessThan(drawn);
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("#root [data-index]")].map((row) => ({
      index: Number(row.dataset.index),
      top: row.getBoundingClientRect().top,
    })),
  );
  const aheadKept = 4 * 76;
  expect(Math.max(...rows.map((row) => row.top))).toBeLessThan(600 + aheadKept);
  expect(rows.map((row) => row.index).sort((a, b) => a - b)[0]).toBe(0);
  // The rest arrive as the page scrolls.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('#root [data-index="29"]')).toBeVisible();
});

test("each row draws its contact's initials on the avatar route's colour, with no image to load", async ({
  page,
}) => {
  await createUser(page);
  await addContacts(page, [
    ["Ada", "Lovelace"],
    ["Zoë", "O’Brien"],
  ]);
  const avatarRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/avatars/initials")) avatarRequests.push(request.url());
  });
  const html = await (await page.request.get("/app/contacts")).text();
  expect(html).toContain('data-initials="AL"');
  await page.goto("/app/contacts");
  await expectAppLive(page);
  for (const name of ["Ada Lovelace", "Zoë O’Brien"]) {
    // What the avatar route draws for this name: its background and letters.
    const svg = await (
      await page.request.get(`/api/avatars/initials.svg?seed=${encodeURIComponent(name)}&size=32`)
    ).text();
    const colour = /<g mask="url\(#viewboxMask\)"><rect fill="#([0-9a-f]{6})"/.exec(svg)![1]!;
    const letters = /<text [^>]*>([^<]*)<\/text>/.exec(svg)![1]!;
    const row = page.locator(ROW).filter({ hasText: name });
    const drawn = await row.locator(".ui-initials-avatar").evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      letters: getComputedStyle(el, "::before").content,
      hidden: el.getAttribute("aria-hidden"),
      width: el.getBoundingClientRect().width,
    }));
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(colour.slice(i, i + 2), 16));
    expect(drawn).toEqual({
      background: `rgb(${r}, ${g}, ${b})`,
      letters: JSON.stringify(letters),
      hidden: "true",
      width: 32,
    });
  }
  // Searching brings other rows in: still nothing to load.
  await page.getByLabel("Search contacts").fill("zo");
  await expect(page.locator(ROW)).toHaveCount(1);
  expect(avatarRequests).toEqual([]);
});

test("a list rendered for one user is drawn afresh when another is signed in as it starts", async ({
  page,
}) => {
  await signInWithAda(page);
  const renderedForTheFirst = await (await page.request.get("/app/contacts")).text();
  expect(renderedForTheFirst).toContain("Ada Lovelace");
  // Someone else signs in in this browser; the page that arrives is still the first user's.
  const signOut = await page.request.post("/api/auth/sign-out", {
    headers: { origin: BASE_URL },
    data: {},
  });
  expect(signOut.ok(), await signOut.text()).toBeTruthy();
  await createUser(page);
  await page.route("**/app/contacts", (route) =>
    route.request().resourceType() === "document"
      ? route.fulfill({ body: renderedForTheFirst, contentType: "text/html" })
      : route.fallback(),
  );
  const messages = watchConsole(page);
  await page.goto("/app/contacts");
  // The browser's reads name the second user: their own (empty) list replaces the markup.
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toHaveCount(0);
  expect(messages).toEqual([]);
});

test("a press on the rendered list before its code has run goes through once it has", async ({
  page,
}) => {
  await signInWithAda(page);
  const list = await openWithListHeld(page);
  expect(await isHydrated(page, ROW)).toBe(false);
  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
  list.release();
  await expectToast(page, /^Logged contact with/);
});

test("a keyboard shortcut pressed on the rendered list before its code has run works", async ({
  page,
}) => {
  await signInWithAda(page);
  const list = await openWithListHeld(page);
  expect(await isHydrated(page, ROW)).toBe(false);
  await page.keyboard.press("?");
  list.release();
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});

/**
 * Opens the list with the app's entry script held: the page has painted and its
 * starter has asked for the code, which has not arrived. Resolves to a function that lets it.
 */
async function openWithCodeHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const isAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto("/app/contacts", { waitUntil: "domcontentloaded" });
  await isAsked;
  return release;
}

for (const [what, press, expected] of [
  [
    "a press on a button",
    (page: Page) => page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click(),
    (page: Page) => expectToast(page, /^Logged contact with/),
  ],
  [
    "a keyboard shortcut",
    (page: Page) => page.keyboard.press("?"),
    (page: Page) => expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible(),
  ],
] as const) {
  test(`${what} on the rendered list before its code has even arrived goes through once it has`, async ({
    page,
  }) => {
    await signInWithAda(page);
    const release = await openWithCodeHeld(page);
    await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeVisible();
    await press(page);
    release();
    await expected(page);
  });
}

test("a search typed on the rendered list before its code has run is searched for", async ({
  page,
}) => {
  await createUser(page);
  await addContacts(page, [
    ["Ada", "Lovelace"],
    ["Grace", "Hopper"],
  ]);
  const list = await openWithListHeld(page);
  expect(await isHydrated(page, ROW)).toBe(false);
  await page.getByLabel("Search contacts").fill("grace");
  list.release();
  await expect.poll(() => isHydrated(page, ROW)).toBe(true);
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByLabel("Search contacts")).toHaveValue("grace");
});

test("on a phone the rendered list has the phone's layout: the filters behind a button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithAda(page);
  const list = await openWithListHeld(page);
  await expect(page.getByRole("button", { name: "Filters" })).toBeVisible();
  await expect(page.getByLabel("Sort by")).toBeHidden();
  list.release();
  await expect.poll(() => isHydrated(page, ROW)).toBe(true);
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("dialog").getByLabel("Sort by")).toBeVisible();
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** The page's background colour (the shell's outermost box). */
function backgroundOf(page: Page): Promise<string> {
  return page
    .locator("#root > div")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

test("the rendered list paints in the user's theme from the first paint", async ({ page }) => {
  const dark = "rgb(11, 17, 32)";
  const light = "rgb(255, 255, 255)";
  await page.emulateMedia({ colorScheme: "dark" });
  await createUser(page);
  // Following the system: dark on a dark system before the code has run, and after.
  let list = await openWithListHeld(page);
  expect(await isHydrated(page, "#root > div")).toBe(false);
  expect(await backgroundOf(page)).toBe(dark);
  list.release();
  await expect.poll(() => isHydrated(page, "#root > div")).toBe(true);
  expect(await backgroundOf(page)).toBe(dark);

  // A choice of their own wins over the system's, from the first paint too.
  const saved = await page.request.patch("/api/me", {
    headers: { origin: BASE_URL },
    data: { theme: "light" },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await page.unrouteAll();
  list = await openWithListHeld(page);
  expect(await backgroundOf(page)).toBe(light);
  list.release();
  await expect.poll(() => isHydrated(page, "#root > div")).toBe(true);
  expect(await backgroundOf(page)).toBe(light);
});

test("the rendered list's first frame holds the whole page, not the part parsed so far", async ({
  page,
}) => {
  await createUser(page);
  await addContacts(
    page,
    Array.from({ length: 14 }, (_, i): [string, string] => [`Person${i}`, `Surname${i}`]),
  );
  const html = await (await page.request.get("/app/contacts")).text();
  const rowsInHtml = html.split('data-testid="contact-row"').length - 1;
  expect(rowsInHtml).toBeGreaterThan(5);
  // What the page holds in the first frame the browser renders with its root in it: a frame
  // callback runs just before each frame is drawn (frames before the head is parsed have no root).
  await page.addInitScript(() => {
    const seen = window as unknown as { firstFrame?: unknown };
    const look = () => {
      if (!document.getElementById("root")) return requestAnimationFrame(look);
      seen.firstFrame = {
        rows: document.querySelectorAll('#root [data-testid="contact-row"]').length,
        hasBody: document.querySelector("#root main") !== null,
      };
    };
    requestAnimationFrame(look);
  });
  // A slow phone: the HTML parser yields after a few milliseconds, and without the page asking
  // the browser to wait for its end, the first frame showed the header and no rows.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await page.goto("/app/contacts");
  const firstFrame = await page
    .waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame)
    .then((handle) => handle.jsonValue());
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(firstFrame).toEqual({ rows: rowsInHtml, hasBody: true });
});
