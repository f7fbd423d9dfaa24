// Every page of the app at a small phone (320 px), a common phone (390 px) and a tablet (768 px),
// in both themes: no horizontal scroll, and nothing pushed past the right edge of the screen.
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  PASSWORD,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";
import { APP_PATHS, AUTH_SIGNUP_PATH } from "../../src/core/app-paths";
import { makePng } from "../helpers/images-kit";
import { overflowAt } from "./page-width";

const WIDTHS = [320, 390, 768] as const;
const THEMES = ["light", "dark"] as const;
const headers = { origin: BASE_URL };

// Every path of the router (APP_PATHS) is visited: a path added there without a place here fails
// the first test. The aliases (/onboarding, /notifications, /map) land on their /app page.
const PUBLIC_PAGES = [
  "/",
  "/auth",
  AUTH_SIGNUP_PATH,
  "/auth/oauth-callback",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/subscribe",
  "/checkout",
  "/payment-success",
  "/account-creation",
  "/verify-email",
  "/privacy",
  "/terms",
  "/no-such-page",
];

const SIGNED_IN_PAGES = [
  "/app",
  "/app/contacts",
  "/app/contacts/new",
  "/app/contacts/duplicates",
  "/app/rhythms",
  "/app/map",
  "/map",
  "/app/import",
  "/app/notifications",
  "/notifications",
  "/app/replies",
  "/app/profile",
  "/app/settings",
  "/app/debug/subscription",
];

// The pages that show an empty state of their own before the first contact.
const EMPTY_STATE_PAGES = [
  "/app/contacts",
  "/app/rhythms",
  "/app/map",
  "/app/import",
  "/app/notifications",
  "/app/replies",
];

const ONBOARDING_PAGES = ["/app/onboarding", "/onboarding"];

async function settle(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator("main, [role=main]").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

// Each page is loaded once at the smallest width, then the window widens and the theme changes:
// the layout (CSS and the media queries the app listens to) follows without a reload.
async function checkPages(page: Page, routes: readonly string[]): Promise<void> {
  const found: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.emulateMedia({ colorScheme: THEMES[0] });
    await settle(page, route);
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        for (const problem of await overflowAt(page)) {
          found.push(`${width} px ${colorScheme} ${route}: ${problem}`);
        }
      }
    }
  }
  expect(found).toEqual([]);
}

test("the sweep visits every path the router has", () => {
  const visited = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...ONBOARDING_PAGES, "/app/contacts/:id"];
  const missing = APP_PATHS.filter(
    (path) => !visited.some((route) => route.split("?")[0] === path),
  );
  expect(missing).toEqual([]);
});

test.describe("no sideways scroll on phones and tablets", () => {
  test.describe.configure({ timeout: 360_000 });

  test("public pages", async ({ page }) => {
    // The checkout's card form, as someone who chose the plan before signing up sees it.
    const checkout = await page.request.post("/api/billing/checkout", { headers });
    expect(checkout.ok(), await checkout.text()).toBeTruthy();
    const { url } = (await checkout.json()) as { url: string };
    await checkPages(page, [
      ...PUBLIC_PAGES,
      new URL(url, BASE_URL).pathname + new URL(url, BASE_URL).search,
    ]);
  });

  test("signed-in pages with no contacts yet", async ({ page }) => {
    await createUser(page);
    await checkPages(page, EMPTY_STATE_PAGES);
  });

  test("signed-in pages full of long names, places, tags and notifications", async ({ page }) => {
    // A long sign-in address: Settings and the menus show it whole.
    await createUser(page, { email: uniqueEmail("maximiliana.featherstonehaugh") });
    const long = "Maximiliana-Wilhelmina";
    let id = "";
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post("/api/contacts", {
        headers,
        data: {
          firstName: `${long}${i}`,
          lastName: "Featherstonehaugh-Cholmondeley",
          company: "The International Society of Very Long Company Names Limited",
          tags: ["close-friends-from-university", "neighbours"],
          emails: [{ value: `an.extraordinarily.long.address.${i}@subdomain.example.com` }],
          rhythm: { interval: 2, unit: "week" },
          lastContactedOn: "2026-01-05",
          city: "Llanfairpwllgwyngyll",
          countryCode: "GB",
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      id = ((await res.json()) as { id: string }).id;
    }
    // An import's notification: a one-line summary far longer than a phone is wide.
    const notified = await page.request.post("/api/test/notifications", {
      headers,
      data: {
        count: 3,
        type: "SYSTEM_ALERT",
        title: "Import finished",
        content:
          "<p>google-contacts-export-from-my-old-phone-2026.csv: 1,000 contacts added, 12 updated, 3 skipped.</p><p>While it is your latest import, you can undo it on the Data page.</p>",
      },
    });
    expect(notified.status(), await notified.text()).toBe(204);
    const calendar = await page.request.post("/api/reminders/calendar", { headers });
    expect(calendar.ok(), await calendar.text()).toBeTruthy();
    const reminder = await page.request.post("/api/reminders/test", { headers });
    expect(reminder.ok(), await reminder.text()).toBeTruthy();
    await checkPages(page, [...SIGNED_IN_PAGES, `/app/contacts/${id}`]);
  });

  test("onboarding, before the profile is filled in", async ({ page }) => {
    await createUser(page, { onboarded: false });
    await checkPages(page, ONBOARDING_PAGES);
  });

  test("the import preview", async ({ page }) => {
    await createUser(page);
    const found: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page, "/app/import");
      await page
        .getByLabel("Contacts file to import")
        .setInputFiles(path.join(import.meta.dirname, "../fixtures/import/google-contacts.csv"));
      // Reading the file takes a while on a busy machine.
      await expect(page.getByText("recognised as")).toBeVisible({ timeout: 30_000 });
      for (const problem of await overflowAt(page)) found.push(`${width} px preview: ${problem}`);
    }
    expect(found).toEqual([]);
  });

  test("the mails a person opens on a phone: the verification and reset links wrap", async ({
    page,
  }) => {
    // Signed up as the form does (sign-up, then the confirmation mail): the test-only route sends
    // no mail.
    const email = uniqueEmail("phone-mails");
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      headers,
      data: { email, password: PASSWORD, name: "phone mails", callbackURL: "/verify-email" },
    });
    expect(signUp.ok(), await signUp.text()).toBeTruthy();
    const verify = await page.request.post("/api/auth/send-verification-email", {
      headers,
      data: { email, callbackURL: "/verify-email" },
    });
    expect(verify.ok(), await verify.text()).toBeTruthy();
    const reset = await page.request.post("/api/auth/request-password-reset", {
      headers,
      data: { email, redirectTo: "/reset-password" },
    });
    expect(reset.ok(), await reset.text()).toBeTruthy();
    const mails = [
      await waitForMail(page.request, email, "verify-email"),
      await waitForMail(page.request, email, "reset-password"),
    ];
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const mail of mails) {
        await page.setContent(mail.html);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${mail.kind} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });
});

test("on a phone the list's filters sit in a sheet behind a Filters button", async ({ page }) => {
  await createUser(page);
  for (const [firstName, tags] of [
    ["Ada", ["work"]],
    ["Grace", ["family"]],
  ] as const) {
    const res = await page.request.post("/api/contacts", {
      headers,
      data: { firstName, lastName: "Tester", tags },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/contacts");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(2);
  // The tag, rhythm, country and sort controls are not shown until asked for (the wide layout's
  // copy is in the page, hidden by the stylesheet below the breakpoint).
  await expect(page.getByLabel("Tag")).toBeHidden();
  const firstRow = await rows.first().boundingBox();
  expect(firstRow && firstRow.y + firstRow.height).toBeLessThanOrEqual(844);

  await page.getByRole("button", { name: "Filters" }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await sheet.getByLabel("Tag").selectOption("family");
  await sheet.getByRole("button", { name: "Show 1 contact" }).click();
  await expect(sheet).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Grace Tester");
  await expect(page).toHaveURL(/tag=family/);
  // The button says how many of its filters are on, and focus comes back to it.
  const button = page.getByRole("button", { name: "Filters (1)" });
  await expect(button).toBeFocused();

  // Wider than a phone, the same controls are inline again.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByLabel("Tag")).toHaveValue("family");
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
});

test.describe("the smallest phones, 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the header stays compact and the tab bar's names each stay on one line", async ({
    page,
  }) => {
    await createUser(page);
    await page.goto("/app/contacts");
    const tabs = page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link");
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) {
      const label = tab.locator("span");
      const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await label.boundingBox())!.height, await tab.innerText()).toBeLessThan(
        lineHeight * 2,
      );
      const box = await tab.boundingBox();
      // Every tab is whole on screen, none hidden past the edge of a scrolling row.
      expect(box!.x + box!.width, await tab.innerText()).toBeLessThanOrEqual(320);
    }
    const header = await page.getByRole("banner").boundingBox();
    expect(header!.height).toBeLessThanOrEqual(96);
    // The page starts below it, not under it.
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(header!.height);
  });

  test("an uploaded avatar stays round beside a long name", async ({ page }) => {
    await createUser(page, { email: uniqueEmail("maximiliana.featherstonehaugh") });
    await page.goto("/app/profile");
    await page.getByRole("button", { name: "Edit avatar" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: "Custom Image" }).click();
    await dialog.getByLabel("Upload image").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: await makePng(300, 200),
    });
    await expectToast(page, "Upload successful");
    await dialog.getByRole("button", { name: "Update Avatar" }).click();
    await expect(dialog).toBeHidden();
    const avatar = page.getByRole("main").getByRole("img", { name: /avatar/i });
    await expect(avatar).toHaveAttribute("src", /^\/api\/files\/avatars\//);
    const box = await avatar.boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(box!.height));
  });

  test("onboarding: the step names never touch and the country code shows whole", async ({
    page,
  }) => {
    await createUser(page, { onboarded: false });
    await page.goto("/app/onboarding");
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    for (let step = 1; step <= 3; step++) {
      if (step > 1) await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(`Step ${step} of 3`)).toBeVisible();
      // The names shown (a phone may show only the current one) sit on one line each, apart.
      const shown = await page
        .getByRole("navigation", { name: "Onboarding progress" })
        .locator("li > span:last-child")
        .evaluateAll((titles) =>
          titles
            .map((el) => ({
              box: el.getBoundingClientRect(),
              line: getComputedStyle(el).lineHeight,
            }))
            .filter(({ box }) => box.width > 1)
            .map(({ box, line }) => ({
              left: box.left,
              right: box.right,
              lines: box.height / parseFloat(line),
            })),
        );
      await expect(
        page
          .getByRole("navigation", { name: "Onboarding progress" })
          .getByText(`Step ${step} of 3`),
      ).toContainText(["Your name", "Reminders", "Phone"][step - 1]!);
      for (const [i, title] of shown.entries()) {
        expect(title.lines, `step ${step}, title ${i + 1}`).toBeLessThan(1.5);
        if (i > 0) expect(title.left - shown[i - 1]!.right).toBeGreaterThanOrEqual(16);
      }
    }
    // The country code's whole label fits its select (text, padding and the arrow).
    const fits = await page.getByLabel("Country code").evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      return { text, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });
});
