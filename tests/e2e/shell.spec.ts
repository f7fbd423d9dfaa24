// The signed-in shell (spec 02 §2, §4, §5, §8): the user menu by keyboard, Feedback and Support
// through the real endpoint and storage, and the guided tour.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  waitForMail,
} from "./fixtures";
import { expectAppLive } from "./hydration";

const E2E_DATA = path.resolve(".tmp", `e2e-data-${process.env.E2E_PORT ?? 4173}`);

/**
 * Opens the user menu from the keyboard and moves to `name` with the arrow keys. The menu moves
 * its focus a task after the key (Radix's roving focus), so each press waits for the focus to
 * move before looking at it: on a busy machine a look straight after the press saw the item
 * before and pressed past the one wanted.
 */
async function chooseFromMenu(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Open user menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  const focused = page.locator('[role="menuitem"]:focus');
  await expect(focused).toHaveCount(1);
  const item = page.getByRole("menuitem", { name, exact: true });
  for (let i = 0; i < 10; i++) {
    const current = (await focused.innerText()).trim();
    if (current === name) break;
    await page.keyboard.press("ArrowDown");
    await expect(focused).not.toHaveText(current);
  }
  await expect(item).toBeFocused();
  await page.keyboard.press("Enter");
}

/**
 * Moves the tour on with the arrow key. The tour ignores keys until the frame after a step is
 * drawn (driver.js finishes a step in its next animation frame), so the press waits two frames.
 */
async function nextTourStep(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.keyboard.press("ArrowRight");
}

/** Records every request that leaves localhost. */
function watchOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:")
      outside.push(request.url());
  });
  return outside;
}

test("every user menu item works from the keyboard", async ({ page }) => {
  const user = await createUser(page);
  await page.goto("/app/rhythms");
  await page.getByRole("button", { name: "Open user menu" }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const names = (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
  // Profile comes with the profile page; the rest in the spec's order, with Replies (issue 48)
  // before Settings.
  expect(names.filter((n) => n !== "Profile")).toEqual([
    user.email,
    "Dark Mode",
    "Replies",
    "Settings",
    "Feedback and Support",
    "App Tour",
    "Sign Out",
  ]);
  await expect(menu.getByRole("menuitem", { name: user.email })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(menu.getByRole("menuitem").first()).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open user menu" })).toBeFocused();

  await chooseFromMenu(page, "Dark Mode");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await chooseFromMenu(page, "Light Mode");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  await chooseFromMenu(page, "Replies");
  await expect(page).toHaveURL(/\/app\/replies$/);
  await expect(page.getByRole("heading", { level: 1, name: "Replies" })).toBeVisible();

  await chooseFromMenu(page, "Settings");
  await expect(page).toHaveURL(/\/app\/settings$/);

  await chooseFromMenu(page, "Feedback and Support");
  const dialog = page.getByRole("dialog", { name: "Submit Feedback" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await chooseFromMenu(page, "App Tour");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("dialog", { name: "Welcome to Tend!" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator(".driver-popover")).toHaveCount(0);

  await chooseFromMenu(page, "Sign Out");
  await expect(page).toHaveURL(/\/auth$/);
});

test("sign out failing says 'Error signing out' with the message", async ({ page }) => {
  await createUser(page);
  await page.goto("/app/contacts");
  await page.route("**/api/auth/sign-out", (route) =>
    route.fulfill({ status: 500, json: { message: "Sign-out is down" } }),
  );
  await chooseFromMenu(page, "Sign Out");
  await expectToast(page, "Error signing out");
  await expect(page).toHaveURL(/\/app\/contacts$/);
});

test("feedback with and without an image, refusals in the spec's words, stored row, mail and file", async ({
  page,
}) => {
  const outside = watchOutsideRequests(page);
  const user = await createUser(page);
  await page.goto("/app/contacts");
  await chooseFromMenu(page, "Feedback and Support");
  const dialog = page.getByRole("dialog", { name: "Submit Feedback" });
  await expect(dialog.getByText("Supported formats: JPG, PNG, GIF (max 5MB)")).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Blank fields.
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  await expectToast(page, "Validation Error");
  await expectToast(page, "Please fill in all required fields");

  // Without an image.
  const stamp = Date.now();
  await dialog.getByLabel("Type").selectOption("feature");
  await dialog.getByLabel("Subject").fill(`Idea ${stamp}`);
  await dialog.getByLabel("Message").fill("Birthdays on the map, please.");
  const [first] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/feedback")),
    dialog.getByRole("button", { name: "Submit Feedback" }).click(),
  ]);
  expect(first.status()).toBe(201);
  await expectToast(page, "Thank you for your feedback!");
  await expectToast(page, "We appreciate your input and will review it shortly.");
  await expect(dialog).toBeHidden();
  const plainMail = await waitForMail(page.request, "support@tend.local", "feedback");
  expect(plainMail.subject).toContain(`Idea ${stamp}`);
  expect(plainMail.text).toContain(user.email);
  expect(plainMail.text).toContain("Image: none");
  expect(plainMail.text).toContain((await first.json()).id);

  // The dialog opens reset.
  await chooseFromMenu(page, "Feedback and Support");
  await expect(dialog.getByLabel("Subject")).toHaveValue("");
  await expect(dialog.getByLabel("Type")).toHaveValue("feedback");

  const dir = tmpdir();
  // A text file renamed .png: the browser calls it image/png, the server reads its content.
  const fake = path.join(dir, `notes-${stamp}.png`);
  writeFileSync(fake, "This is a text file, not a picture.\n");
  await dialog.getByLabel("Subject").fill(`Fake ${stamp}`);
  await dialog.getByLabel("Message").fill("See attached.");
  await dialog.getByLabel("Attachment (optional)").setInputFiles(fake);
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  await expectToast(page, "Invalid file type");
  await expectToast(page, "Please upload an image file");
  await expect(dialog).toBeVisible();

  // A 6 MB image is refused before it is sent.
  const big = path.join(dir, `big-${stamp}.png`);
  const side = 1500;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  writeFileSync(
    big,
    await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
  await dialog.getByLabel("Attachment (optional)").setInputFiles(big);
  await expectToast(page, "File too large");
  await expectToast(page, "Please upload an image smaller than 5MB");
  await expect(dialog.getByLabel("Attachment (optional)")).toHaveValue("");

  // A real picture, as a bug report with the diagnostics consented to.
  const picture = path.join(dir, `screen shot ${stamp}.png`);
  writeFileSync(
    picture,
    await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer(),
  );
  await page.evaluate(() =>
    localStorage.setItem(
      "tend.error-log",
      JSON.stringify([
        {
          timestamp: "2026-01-01T00:00:00.000Z",
          level: "error",
          message: "Earlier failure for the report",
          url: "http://localhost/app/contacts",
          deviceInfo: "test",
        },
      ]),
    ),
  );
  await dialog.getByLabel("Type").selectOption("bug");
  await dialog.getByLabel("Subject").fill(`Bug ${stamp}`);
  // A chosen image can be taken back before sending.
  await dialog.getByLabel("Attachment (optional)").setInputFiles(picture);
  await dialog.getByRole("button", { name: "Remove image" }).click();
  await expect(dialog.getByLabel("Attachment (optional)")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Remove image" })).toHaveCount(0);
  await dialog.getByLabel("Attachment (optional)").setInputFiles(picture);
  await expect(dialog.getByRole("button", { name: "Remove image" })).toBeVisible();
  const consent = dialog.getByLabel(/Include technical details/);
  await expect(consent).not.toBeChecked();
  await dialog.getByText("What would be sent").click();
  await expect(dialog.getByLabel("Technical details that would be sent")).toContainText(
    "Earlier failure for the report",
  );
  await expectAccessibleInBothThemes(page);
  await consent.check();
  const [second] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/feedback")),
    dialog.getByRole("button", { name: "Submit Feedback" }).click(),
  ]);
  expect(second.status()).toBe(201);
  const created = (await second.json()) as { id: string; imageUrl: string };
  await expectToast(page, "Thank you for your feedback!");
  await expect(dialog).toBeHidden();

  const key = created.imageUrl.replace("/api/files/feedback_attachments/", "");
  expect(key).toMatch(/^[^/]+\/\d+-screen-shot-\d+\.webp$/);
  const stored = path.join(E2E_DATA, "storage", "feedback_attachments", ...key.split("/"));
  expect(existsSync(stored)).toBe(true);
  expect((await sharp(readFileSync(stored)).metadata()).format).toBe("webp");
  const served = await page.request.get(created.imageUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");

  let bugMail = await waitForMail(page.request, "support@tend.local", "feedback");
  for (let i = 0; i < 20 && !bugMail.text.includes(created.id); i++) {
    await page.waitForTimeout(200);
    bugMail = await waitForMail(page.request, "support@tend.local", "feedback");
  }
  expect(bugMail.text).toContain(created.id);
  expect(bugMail.text).toContain(`Image: feedback_attachments/${key}`);
  expect(bugMail.text).toContain("Earlier failure for the report");
  expect(bugMail.text).toContain("App version: 0.1.0");
  expect(outside).toEqual([]);
});

test("the tour from onboarding: the spec's seven steps less the absent map, with the core loop told in one step for an empty list; keyboard, completion toast, no restart", async ({
  page,
}) => {
  // Nine steps, each checked by axe in both themes: longer than the two minutes of most journeys.
  test.setTimeout(240_000);
  await createUser(page);
  await page.goto("/app/contacts?fromOnboarding=true");
  const popover = page.locator(".driver-popover");
  await expect(page.getByRole("dialog", { name: "Welcome to Tend!" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  const hasMap = (await page.locator('[data-tour="nav-map"]').count()) > 0;
  const titles = [
    "Welcome to Tend!",
    "Contacts",
    "Log, rhythm, snooze",
    "Data",
    "Rhythms",
    ...(hasMap ? ["World Map"] : []),
    "Your menu",
    "You're All Set!",
  ];
  const flags = () => page.evaluate(() => JSON.parse(localStorage.getItem("tend.tour") ?? "null"));
  expect(await flags()).toEqual({ active: true, completed: false, version: "1" });
  expect(await page.evaluate(() => sessionStorage.getItem("tend.tour-start-lock"))).not.toBeNull();
  for (const [index, title] of titles.entries()) {
    await expect(popover.locator(".driver-popover-title")).toHaveText(title);
    await expect(popover).toContainText(`Step ${index + 1} of ${titles.length}`);
    if (index === titles.length - 1) {
      // Reaching the last step completes the tour; the toast stays 5 s, so look at once.
      await expectToast(page, "Tour Completed!");
      await expectToast(page, "You've completed the tour of Tend. Welcome aboard!");
      // The last step also tells of replies to reminders and where they are shown.
      await expect(popover).toContainText("Replies, in your menu");
    }
    await expectAccessibleInBothThemes(page);
    if (index < titles.length - 1) await nextTourStep(page);
  }
  expect(await flags()).toMatchObject({ completed: true });

  await popover.getByRole("button", { name: "Done" }).click();
  await expect(popover).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/contacts$/);
  expect(await flags()).toEqual({ active: false, completed: true, version: "1" });

  // Completed: the onboarding parameter no longer starts it. A start would take the parameter
  // out of the address at once and open the tour after its delay, which the clock skips.
  await page.clock.install();
  await page.goto("/app/contacts?fromOnboarding=true");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expectAppLive(page);
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/app\/contacts\?fromOnboarding=true$/);
  await expect(popover).toHaveCount(0);
});

test("the tour from the menu on another page goes to contacts first; closing ends it there", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/import");
  await chooseFromMenu(page, "App Tour");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  const popover = page.locator(".driver-popover");
  await expect(popover.locator(".driver-popover-title")).toHaveText("Welcome to Tend!");
  await nextTourStep(page);
  await expect(page.locator('[data-tour="nav-contacts"]')).toHaveClass(/driver-active-element/);
  // A second start while it runs is ignored.
  await page.evaluate(() => window.history.pushState({}, "", "/app/contacts?startTour=true"));
  await popover.getByRole("button", { name: "Close" }).click();
  await expect(popover).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/contacts/);
  // Focus is back on the menu button the tour was started from.
  await expect(page.getByRole("button", { name: "Open user menu" })).toBeFocused();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("tend.tour")!))).toEqual({
    active: false,
    completed: false,
    version: "1",
  });
  expect(await page.evaluate(() => sessionStorage.getItem("tend.tour-start-lock"))).toBeNull();
});

test("on a phone the tour points at the tab bar at the bottom", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createUser(page);
  await page.goto("/app/contacts?startTour=true");
  const popover = page.locator(".driver-popover");
  await expect(popover.locator(".driver-popover-title")).toHaveText("Welcome to Tend!");
  await nextTourStep(page);
  await expect(page.locator('[data-tour="nav-contacts-mobile"]')).toHaveClass(
    /driver-active-element/,
  );
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessibleInBothThemes(page);
  await page.screenshot({ path: "test-results/tour-390.png" });
});

test("the app renders when the first session answer arrives, or after 2 s without one", async ({
  page,
}) => {
  // A quick answer: rendered at once.
  let started = Date.now();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  const quick = Date.now() - started;

  // No answer for 6 s: the page appears after the 2 s timeout, not after the answer. On a
  // public page the first answer about the session is the auth server's.
  for (const path of ["**/api/me", "**/api/auth/get-session*"]) {
    await page.route(path, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await route.continue().catch(() => undefined);
    });
  }
  started = Date.now();
  await page.goto("/no-such-page");
  const heading = page.getByRole("heading", { name: "Oops! Page not found" });
  await expect(heading).toBeVisible({ timeout: 5000 });
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(1900);
  expect(waited).toBeLessThan(5000);
  expect(quick).toBeLessThan(waited);
});

test("the bell's and the user menu's code load after the contact list has arrived, not before it", async ({
  page,
}) => {
  await createUser(page);
  const requested: string[] = [];
  page.on("request", (request) => {
    const name = /\/assets\/(header-bell|user-menu)-[^/]*\.js$/.exec(request.url())?.[1];
    if (name) requested.push(name);
  });
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(/\/api\/contacts\?/, async (route) => {
    await listHeld;
    await route.continue();
  });

  // With a query the list is drawn by the browser, not the server: its skeleton
  // shows while the list is held.
  await page.goto("/app/contacts?archived=false");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByTestId("skeleton-rows")).toBeVisible();
  // The session and the status are in; only the list is on its way: nothing else is asked for.
  // (Checked well inside the shell's 3 s limit, which a slow machine's first paint eats into.)
  await page.waitForTimeout(300);
  expect(requested).toEqual([]);

  releaseList();
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open user menu" })).toBeVisible();
  expect(requested.sort()).toEqual(["header-bell", "user-menu"]);
  await page.getByRole("button", { name: "Open user menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
});

test("with contacts, the tour points at the first row's Log button, rhythm and the way to Snooze; Escape gives focus back", async ({
  page,
}) => {
  await createUser(page);
  const created = await page.request.post("/api/contacts", {
    data: { firstName: "Ada", lastName: "Lovelace", rhythm: { interval: 1, unit: "week" } },
  });
  expect(created.ok()).toBeTruthy();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/app/contacts");
    await expect(page.getByTestId("contact-row")).toHaveCount(1);
    await chooseFromMenu(page, "App Tour");
    const popover = page.locator(".driver-popover");
    const title = popover.locator(".driver-popover-title");
    await expect(title).toHaveText("Welcome to Tend!");
    await nextTourStep(page);
    await expect(title).toHaveText("Contacts");
    for (const [name, target] of [
      ["Log contact", "row-log"],
      ["Their rhythm", "row-rhythm"],
      ["Snooze", "row-open"],
    ] as const) {
      await nextTourStep(page);
      await expect(title).toHaveText(name);
      await expect(page.locator(`[data-tour="${target}"]`).first()).toHaveClass(
        /driver-active-element/,
      );
    }
    await expect(popover).toContainText("Open a contact and choose Snooze");
    await expectAccessibleInBothThemes(page);
    await page.screenshot({ path: `test-results/tour-loop-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open user menu" })).toBeFocused();
  }
});
