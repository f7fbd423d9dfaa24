// A server configured with its own product name and trial (APP_NAME, TRIAL_DAYS) says so from the
// first paint: the prerendered /auth and /subscribe hydrate with the configured
// words, and a page drawn by the app's code before /api/config has answered uses the name and
// trial length the server wrote into the page, not the defaults.
import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { watchConsole } from "./hydration";

const port = Number(process.env.E2E_PORT ?? 4173) + 11;
const origin = `http://localhost:${port}`;
const NAME = `Kin & "Co"`;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      WEB_DIST_DIR: process.env.E2E_DIST ?? "dist/web",
      APP_NAME: NAME,
      TRIAL_DAYS: "30",
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/readyz`).then(
          (res) => res.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/** /api/config never answers: what shows comes from the page itself. */
async function holdConfig(page: Page): Promise<void> {
  await page.route("**/api/config", () => undefined);
}

test("the prerendered /subscribe says the configured name and trial, and hydrates cleanly", async ({
  page,
}) => {
  const html = await (await page.request.get(`${origin}/subscribe`)).text();
  expect(html).toContain("Subscribe to <!-- -->Kin &amp; &quot;Co&quot;");
  expect(html).toContain("30-day free trial, no card needed.");
  expect(html).not.toContain("%%");

  const messages = watchConsole(page);
  await holdConfig(page);
  await page.goto(`${origin}/subscribe`);
  await expect(page.getByRole("heading", { name: `Subscribe to ${NAME}` })).toBeVisible();
  await expect(page.getByTestId("trial-offer")).toHaveText(
    "30-day free trial, no card needed. After the trial, $8 USD/month keeps everything going. Cancel anytime.",
  );
  await expect
    .poll(() =>
      page
        .locator("#root main")
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))),
    )
    .toBe(true);
  await expect(page).toHaveTitle(new RegExp(NAME.replace(/[&"]/g, ".")));
  await expect(page.locator("body")).not.toContainText("Tend");
  expect(messages).toEqual([]);
});

test("a page the app draws before /api/config answers names the configured product", async ({
  page,
}) => {
  await holdConfig(page);
  // With a query the server sends the app's shell, not the prerendered page.
  await page.goto(`${origin}/auth?show=signup`);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(
    page.getByText(
      "30-day free trial, no card needed. After the trial, $8 USD/month keeps everything going. Cancel anytime.",
    ),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(NAME.replace(/[&"]/g, ".")));
  await expect(page.locator("body")).not.toContainText("Tend");
});
