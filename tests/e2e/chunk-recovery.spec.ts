// Recovery from failed loads (spec 02 §8) with a chunk deleted from the served build while a page
// is open. Run it against a copy of the build (`E2E_DIST=<copy>`): the test deletes the chunk
// from that copy and puts it back. Without E2E_DIST it leaves the shared build alone and has the
// browser's request for the chunk answered 404 instead, which the page sees the same way.
// These tests expect the page's own errors (that is what they test), so they use Playwright's
// plain `test` rather than the fixture that fails on any page error.
import { copyFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { test, type Page } from "@playwright/test";
import { createUser, expect, expectNoAxeViolations } from "./fixtures";
import { expectAppLive } from "./hydration";

const DIST = process.env.E2E_DIST;
const ASSETS = path.resolve(DIST ?? "dist/web", "assets");

function chunkOf(prefix: string): string {
  const name = readdirSync(ASSETS).find((f) => f.startsWith(`${prefix}-`) && f.endsWith(".js"));
  if (!name) throw new Error(`no ${prefix} chunk in ${ASSETS}`);
  return name;
}

/** Makes the chunk unavailable; the returned function makes it available again. */
async function deleteChunk(page: Page, name: string): Promise<() => Promise<void>> {
  if (DIST) {
    const file = path.join(ASSETS, name);
    const kept = `${file}.kept`;
    copyFileSync(file, kept);
    rmSync(file);
    return async () => {
      copyFileSync(kept, file);
      rmSync(kept);
    };
  }
  // The chunk with or without a query string (the orphan imports below add one).
  const pattern = new RegExp(`/assets/${name.replace(/[.$^]/g, "\\$&")}(\\?.*)?$`);
  await page.route(pattern, (route) => route.fulfill({ status: 404, body: "Not Found" }));
  return () => page.unroute(pattern).catch(() => undefined);
}

test.describe.configure({ mode: "serial" });

test("a page whose chunk is gone: 3 import retries, boundary retries at 1 s and 2 s, one reload, then 'Component Update Required'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createUser(page);
  const chunk = chunkOf("rhythms-page");
  const chunkRequests: number[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(`/assets/${chunk}`)) chunkRequests.push(Date.now());
  });
  const loads: number[] = [];
  page.on("load", () => loads.push(Date.now()));
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  // Drawn by the server: a link followed before the code is live is a plain page load.
  await expectAppLive(page);

  const restore = await deleteChunk(page, chunk);
  try {
    const started = Date.now();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Rhythms" })
      .click();
    const update = page.getByRole("heading", { name: "Component Update Required" });
    await expect(update).toBeVisible({ timeout: 60_000 });
    // One reload between the first failures and the screen.
    expect(loads.length).toBe(2);
    await expect(page).toHaveURL(/\/app\/rhythms$/);
    // Each page tried the chunk 1 + 3 (lazy import) + 2 (boundary) times, when the browser
    // asked the server again rather than reusing its failed import.
    expect(chunkRequests.length).toBeGreaterThanOrEqual(2);
    // 1 + 1.5 + 2.25 s of import retries and 1 + 2 s of boundary retries, twice.
    expect(Date.now() - started).toBeGreaterThan(2 * (4750 + 3000) - 500);
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh Page" })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await restore();
  }
  // With the chunk back, Refresh Page loads the page.
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rhythms" })).toBeVisible();
});

test("a chunk error no page handles reloads once, then offers 'App Update Available' (Dismiss, or gone after 30 s)", async ({
  page,
}) => {
  await createUser(page);
  const chunk = chunkOf("rhythms-page");
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  // The app's handlers of a failed import must be there: the list is drawn by the server first.
  await expectAppLive(page);
  const restore = await deleteChunk(page, chunk);
  try {
    const orphanImport = (url: string) =>
      page.evaluate((u) => {
        // Nothing awaits this import: its failure is an unhandled rejection.
        setTimeout(() => void import(/* @vite-ignore */ u), 0);
      }, url);
    await Promise.all([page.waitForEvent("load"), orphanImport(`/assets/${chunk}?orphan=1`)]);
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    await expectAppLive(page);

    await page.clock.install();
    await orphanImport(`/assets/${chunk}?orphan=2`);
    const banner = page.getByRole("alert").filter({ hasText: "App Update Available" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Refresh Now" })).toBeVisible();
    await expectNoAxeViolations(page);
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner).toBeHidden();

    await orphanImport(`/assets/${chunk}?orphan=3`);
    await expect(banner).toBeVisible();
    await page.clock.runFor(29_000);
    await expect(banner).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(banner).toBeHidden();
  } finally {
    await restore();
  }
});
