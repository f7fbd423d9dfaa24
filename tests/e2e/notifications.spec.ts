// In-app notifications (spec 02 §2, §8, §9): the bell's badge follows what the server
// writes without a reload, the dropdown lists new notifications, opening one marks it read and
// shows the detail dialog, "View in App" stays in the app, HTML in a body runs nothing.
import type { Page } from "@playwright/test";
import { NOTIFICATIONS_POLL_MS } from "../../src/core/notifications";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
} from "./fixtures";

type TestNotification = {
  count?: number;
  type: "REMINDER" | "ANNOUNCEMENT" | "SYSTEM_ALERT";
  title: string;
  content: string;
  link?: string | null;
};

async function notify(page: Page, notification: TestNotification) {
  const res = await page.request.post("/api/test/notifications", {
    headers: { origin: BASE_URL },
    data: notification,
  });
  expect(res.status(), await res.text()).toBe(204);
}

const bell = (page: Page) =>
  page.getByRole("button", { name: /unread notification|^Notifications/ });
const badge = (page: Page) => page.getByTestId("notification-badge");

const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const item = (page: Page, name: RegExp) =>
  dropdown(page).getByRole("listitem").getByRole("button", { name });

async function openDropdown(page: Page) {
  await bell(page).click();
  await expect(dropdown(page)).toBeVisible();
}

test("a reminder sent from Settings shows in the badge without a reload; opening it reads it and 'View in App' stays in the app", async ({
  page,
}) => {
  test.setTimeout(NOTIFICATIONS_POLL_MS + 60_000);
  await createUser(page);
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
  await expect(badge(page)).toHaveCount(0);
  // Marks this document: a full page load would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByRole("button", { name: "Send a test reminder now" }).click();
  await expectToast(page, /Test reminder sent to/);
  await expect(badge(page)).toHaveText("1", { timeout: NOTIFICATIONS_POLL_MS + 10_000 });
  await expect(bell(page)).toHaveAccessibleName("1 unread notification");

  await openDropdown(page);
  await expect(dropdown(page).getByRole("heading", { name: "Notifications" })).toBeVisible();
  const reminder = item(page, /Test: Nobody is due today/);
  await expect(reminder).toBeVisible();
  await reminder.click();

  const dialog = page.getByRole("dialog", { name: "Test: Nobody is due today" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Received: /)).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Reminder" })).toBeVisible();
  await expect(dialog.getByText("You're all caught up.")).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  await dialog.getByRole("button", { name: "View in App" }).click();
  await expect(page).toHaveURL(/\/app\/rhythms$/);
  await expect(dialog).toBeHidden();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);

  // Read now: the dropdown has nothing new.
  await openDropdown(page);
  await expect(page.getByText("You have no new notifications.")).toBeVisible();
});

// The content security policy would block inline handlers anyway (and Chromium reports each one
// it meets while DOMPurify parses the body in an inert document): this page runs without it, so
// only the sanitiser stands between the body and the page.
test("a body with script and event handlers runs nothing, and an outside link gets no 'View in App'", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL, bypassCSP: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await createUser(page);
  await notify(page, {
    type: "ANNOUNCEMENT",
    title: "Hostile body",
    content:
      '<p>Plain words stay.</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
      '<a href="javascript:window.__pwned = 3">a link</a><svg onload="window.__pwned = 4"></svg>' +
      '<iframe srcdoc="<script>parent.__pwned = 5</script>"></iframe>',
    link: "https://evil.example/app/contacts",
  });
  await page.goto("/app/contacts");
  await expect(badge(page)).toHaveText("1");
  await openDropdown(page);
  await expect(item(page, /Hostile body/)).toContainText("Plain words stay.");
  await item(page, /Hostile body/).click();
  const dialog = page.getByRole("dialog", { name: "Hostile body" });
  await expect(dialog.getByText("Plain words stay.")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Announcement" })).toBeVisible();
  const body = dialog.getByTestId("notification-content");
  await expect(body.locator("script, iframe")).toHaveCount(0);
  await expect(body.locator("[onerror], [onload]")).toHaveCount(0);
  await expect(body.getByText("a link")).not.toHaveAttribute("href", /javascript:/);
  await body.getByText("a link").click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  );
  await expect(dialog.getByRole("button", { name: "View in App" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  expect(pageErrors).toEqual([]);
  await context.close();
});

test("the badge follows the live stream in every tab, well within the fallback poll", async ({
  page,
  context,
}) => {
  await createUser(page);
  const streamOpened = (p: Page) =>
    p.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/notifications/stream" && r.status() === 200,
    );
  const opened = streamOpened(page);
  await page.goto("/app/contacts");
  await opened;
  const other = await context.newPage();
  const otherOpened = streamOpened(other);
  await other.goto("/app/notifications");
  await otherOpened;
  for (const p of [page, other]) {
    await expect(bell(p)).toHaveAccessibleName("Notifications, none unread");
    await p.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  }

  // Far below NOTIFICATIONS_POLL_MS: only the stream can deliver it this fast.
  const live = { timeout: 5_000 };
  expect(NOTIFICATIONS_POLL_MS).toBeGreaterThan(5 * live.timeout);
  await notify(page, { type: "ANNOUNCEMENT", title: "Live one", content: "<p>Hello</p>" });
  await expect(badge(page)).toHaveText("1", live);
  await expect(badge(other)).toHaveText("1", live);
  await expect(other.getByRole("button", { name: /Live one/ })).toBeVisible(live);

  await notify(page, { count: 2, type: "SYSTEM_ALERT", title: "Live two", content: "<p>x</p>" });
  await expect(badge(page)).toHaveText("3", live);
  await expect(badge(other)).toHaveText("3", live);

  // Read in one tab, the other follows.
  await openDropdown(page);
  await dropdown(page).getByRole("button", { name: "Mark all as read" }).click();
  await expect(badge(page)).toHaveCount(0, live);
  await expect(badge(other)).toHaveCount(0, live);
  for (const p of [page, other]) {
    expect(
      await p.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
  }
});

test("the badge says 9+ above 9; mark all as read empties it; keyboard only", async ({ page }) => {
  await createUser(page);
  await notify(page, {
    count: 3,
    type: "SYSTEM_ALERT",
    title: "Alert",
    content: "<p>Something to know.</p>",
    link: "/app/settings",
  });
  await page.goto("/app/contacts");
  await expect(badge(page)).toHaveText("3");
  await expect(bell(page)).toHaveAccessibleName("3 unread notifications");

  await notify(page, { count: 9, type: "REMINDER", title: "Due", content: "<p>Ada</p>" });
  await page.reload();
  await expect(badge(page)).toHaveText("9+");
  await expect(bell(page)).toHaveAccessibleName("More than 9 unread notifications");

  // Keyboard: open the dropdown, move to the newest item, open it, close, focus is back.
  await bell(page).focus();
  await page.keyboard.press("Enter");
  await expect(dropdown(page)).toBeVisible();
  await expect(dropdown(page).getByRole("button", { name: "Mark all as read" })).toBeFocused();
  // (The list's code loads as focus reaches the bell: a person sees it, then tabs.)
  await expect(item(page, /^Reminder Due/).first()).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(item(page, /^Reminder Due/).first()).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(badge(page)).toHaveText("9+");

  await page.keyboard.press("Enter");
  await expect(dropdown(page)).toBeVisible();
  const list = page.getByTestId("notification-list");
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("400px");
  await expectAccessibleInBothThemes(page);

  await dropdown(page).getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("You have no new notifications.")).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
});

test("shows the spinner first, then the spec's error text when the list fails", async ({
  page,
}) => {
  await createUser(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/api/notifications",
    async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        json: { error: { code: "UNAVAILABLE", message: "Down for a moment." } },
      });
    },
  );
  await page.goto("/app/contacts");
  await openDropdown(page);
  await expect(page.getByRole("status").filter({ hasText: "Loading notifications" })).toBeVisible();
  release();
  await expect(
    page.getByText(
      "Error loading notifications: Something went wrong on our side. Please try again in a moment.",
    ),
  ).toBeVisible({
    timeout: 20_000,
  });
});

test("the bell and dropdown fit a phone; screenshots in both themes", async ({
  page,
}, testInfo) => {
  await createUser(page);
  await notify(page, {
    count: 4,
    type: "REMINDER",
    title: "Three people are due this week and one is overdue",
    content: "<ul><li>Ada Lovelace: overdue by 3 days</li><li>Grace Hopper: due today</li></ul>",
    link: "/app/rhythms",
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/app/rhythms");
      // Each round opens (and so reads) one of them.
      await expect(badge(page)).toBeVisible();
      if (width === 390 && colorScheme === "light") {
        await openDropdown(page);
        await expect(item(page, /Three people are due/).first()).toContainText(
          "overdue by 3 days Grace Hopper: due today",
        );
        await page.keyboard.press("Escape");
      }
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      const widthBefore = await pageWidth();
      await openDropdown(page);
      // The dropdown and the header fit the screen, and opening it widens nothing.
      for (const box of [
        await dropdown(page).boundingBox(),
        await page.locator("header").boundingBox(),
      ]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(await pageWidth()).toBe(widthBefore);
      await page.screenshot({ path: testInfo.outputPath(`dropdown-${width}-${colorScheme}.png`) });
      await item(page, /Three people are due/)
        .first()
        .click();
      const detail = page.getByRole("dialog", { name: /Three people are due/ });
      await expect(detail).toBeVisible();
      const dialogBox = await detail.boundingBox();
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`dialog-${width}-${colorScheme}.png`) });
      await page.getByRole("button", { name: "Close" }).click();
    }
  }
});

test("a failed mark-read is only logged: the dialog still opens", async ({ page }) => {
  await createUser(page);
  await notify(page, { type: "ANNOUNCEMENT", title: "News", content: "<p>Hello</p>" });
  await page.route("**/api/notifications/*/seen", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "INTERNAL", message: "Something went wrong on our side." } },
    }),
  );
  await page.goto("/app/contacts");
  await openDropdown(page);
  await item(page, /News/).click();
  await expect(page.getByRole("dialog", { name: "News" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("tend.error-log") ?? ""))
    .toContain("Something went wrong on our side.");
  await expect(page.getByText("Something went wrong on our side.")).toHaveCount(0);
});

test("one notification is marked read where it stands, in the dropdown and on the page", async ({
  page,
}) => {
  await createUser(page);
  await notify(page, { type: "SYSTEM_ALERT", title: "Older alert", content: "<p>Paused</p>" });
  await notify(page, { type: "ANNOUNCEMENT", title: "Newer news", content: "<p>Hi</p>" });
  await page.goto("/app/contacts");
  await expect(badge(page)).toHaveText("2");

  await openDropdown(page);
  const news = dropdown(page).getByRole("listitem").filter({ hasText: "Newer news" });
  await news.getByRole("button", { name: "Mark as read" }).click();
  await expect(news).toHaveCount(0);
  await expect(badge(page)).toHaveText("1");
  await expect(page.getByRole("dialog", { name: /Newer news/ })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await page.keyboard.press("Escape");

  await page.goto("/app/notifications");
  const rows = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  const alert = rows.filter({ hasText: "Older alert" });
  await expect(alert).toContainText("Unread");
  await alert.getByRole("button", { name: "Mark as read" }).click();
  await expect(alert).not.toContainText("Unread");
  await expect(alert.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Newer news" })).not.toContainText("Unread");
  await expect(badge(page)).toHaveCount(0);
});

test("the notifications page: every one, newest first, filters, Load more, mark all as read", async ({
  page,
}, testInfo) => {
  await createUser(page);
  await notify(page, { count: 3, type: "SYSTEM_ALERT", title: "Alert", content: "<p>Paused</p>" });
  await notify(page, { count: 22, type: "REMINDER", title: "Digest", content: "<p>Ada</p>" });
  await notify(page, { type: "ANNOUNCEMENT", title: "Newest news", content: "<p>Hi</p>" });

  // Reached from the bell's "View all notifications" (spec: /notifications leads there).
  await page.goto("/app/contacts");
  await openDropdown(page);
  await dropdown(page).getByRole("button", { name: "View all notifications" }).click();
  await expect(page).toHaveURL(/\/app\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page).toHaveTitle(/^Notifications · /);

  const rows = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Newest news");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(26);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: testInfo.outputPath(`page-1280-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByLabel("Type").selectOption({ label: "System alerts" });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Digest" })).toHaveCount(0);

  // Opening one reads it: it leaves the unread view.
  await rows.first().getByRole("button").first().click();
  const dialog = page.getByRole("dialog", { name: /^Alert/ });
  await expect(dialog.getByText("Paused")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByLabel("Show").selectOption({ label: "Unread" });
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Show").selectOption({ label: "Read" });
  await expect(rows).toHaveCount(1);

  await page.getByLabel("Type").selectOption({ label: "All types" });
  await page.getByLabel("Show").selectOption({ label: "Unread" });
  await expect(rows).toHaveCount(20);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("No notifications match these filters.")).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // The unfiltered list kept both pages it had loaded; all of them are read now.
  await page.getByLabel("Show").selectOption({ label: "Read and unread" });
  await expect(rows).toHaveCount(26);
  await expect(rows.filter({ hasText: "Unread" })).toHaveCount(0);
});

test("/notifications leads to the page; it fits a phone; an empty history says so", async ({
  page,
}, testInfo) => {
  await createUser(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/app\/notifications$/);
  await expect(page.getByText("You have no notifications yet.")).toBeVisible();
  await notify(page, {
    count: 2,
    type: "REMINDER",
    title: "Three people are due this week and one is overdue",
    content: "<ul><li>Ada Lovelace: overdue by 3 days</li></ul>",
  });
  await page.reload();
  await expect(page.getByRole("list", { name: "Notifications" }).getByRole("listitem")).toHaveCount(
    2,
  );
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      "no horizontal scroll at 390px",
    ).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`page-390-${colorScheme}.png`) });
  }
  await expectAccessibleInBothThemes(page);
});
