// The installable app (issue 50): its web manifest and icons, the service worker that keeps the
// app shell, the device's copy of the user's reads (opened before any answer, read offline,
// deleted on sign-out) and a new version announced as "App Update Available".
// A server of this spec's own, on a copy of the build: the last test deploys a new service
// worker into that copy, as a new build would, without touching the build other specs use; and
// its APP_NAME shows the manifest is named as the server is configured.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { freePort, startE2EServer } from "../helpers/app-process";
import {
  addOverdueContact,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  test,
} from "./fixtures";
import { overflowAt } from "./page-width";

const APP_NAME = "Kin Keeper";
let app: ReturnType<typeof startE2EServer>;
let dist: string;

test.describe.configure({ mode: "serial" });
// Other specs block service workers (playwright.config.ts); these are about them.
test.use({ serviceWorkers: "allow" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dist = mkdtempSync(path.join(tmpdir(), "tend-pwa-dist-"));
  cpSync(process.env.E2E_DIST ?? "dist/web", dist, { recursive: true });
  app = startE2EServer({
    port: String(await freePort()),
    dist,
    env: { APP_NAME },
    readyTimeoutMs: 90_000,
  });
  await app.ready();
});

test.afterAll(() => {
  app?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** Waits until the service worker controls the page (it claims the page that installed it). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

type DeviceCopies = { current: string | null; copies: Record<string, string> };

/** The device's copies of query caches in IndexedDB: whose copy opens, and each copy as text. */
async function readDeviceCopies(page: Page): Promise<DeviceCopies> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("tend-query-cache");
      open.onupgradeneeded = () => open.result.createObjectStore("copies");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const store = db.transaction("copies").objectStore("copies");
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error(String(request.error)));
      });
    const keys = (await read(store.getAllKeys())).map(String);
    const values = await read(store.getAll());
    db.close();
    const copies: Record<string, string> = {};
    let current: string | null = null;
    keys.forEach((key, i) => {
      if (key === "current-user") current = values[i] as string;
      else copies[key] = JSON.stringify(values[i]);
    });
    return { current, copies };
  });
}

async function signedInUserId(page: Page): Promise<string> {
  const res = await page.request.get(`${app.base}/api/me`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/**
 * A new user with Ada who opens the list, then Ada's page from it, and waits until the device's
 * copy holds both.
 */
async function readListAndContact(page: Page): Promise<{ contactId: string; userId: string }> {
  await createUser(page, { origin: app.base });
  const contactId = await addOverdueContact(page, app.base);
  await page.goto(`${app.base}/app/contacts`);
  await page
    .getByRole("link", { name: /Ada Lovelace/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/contacts/${contactId}$`));
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await waitForServiceWorker(page);
  const userId = await signedInUserId(page);
  await expect
    .poll(async () => {
      const { current, copies } = await readDeviceCopies(page);
      const copy = copies[`user:${userId}`] ?? "";
      return current === userId && copy.includes(contactId) && copy.includes('"list"');
    })
    .toBe(true);
  return { contactId, userId };
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test("installable: the manifest names the app with its icons, the worker controls the page", async ({
  page,
}) => {
  await createUser(page, { origin: app.base });
  await page.goto(`${app.base}/app/contacts`);
  await waitForServiceWorker(page);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const res = await page.request.get(`${app.base}/manifest.webmanifest`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    name: APP_NAME,
    short_name: APP_NAME,
    start_url: "/app/contacts",
    display: "standalone",
  });
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ["Add contact", "/app/contacts/new"],
    ["Rhythms", "/app/rhythms"],
  ]);
  // Each shortcut opens its page.
  for (const { url, name } of manifest.shortcuts) {
    await page.goto(`${app.base}${url}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      name === "Rhythms" ? "Rhythms" : /contact/i,
    );
  }
  for (const size of [192, 512]) {
    for (const purpose of ["any", "maskable"]) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && i.purpose === purpose,
      );
      expect(icon, `${purpose} ${size}`).toBeDefined();
      const png = await page.request.get(`${app.base}${icon!.src}`);
      expect(png.headers()["content-type"]).toBe("image/png");
      const bytes = await png.body();
      // A PNG's signature, then its IHDR chunk: width and height as 32-bit big-endian numbers.
      expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
    }
  }

  const worker = await page.request.get(`${app.base}/sw.js`);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const policy = worker.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("worker-src 'self'");
  expect(policy).toContain("manifest-src 'self'");

  // The shell the worker keeps is the served one, named as the server is configured.
  const shell = await page.request.get(`${app.base}/index.html`);
  expect(await shell.text()).toContain(
    `<meta name="apple-mobile-web-app-title" content="${APP_NAME}"`,
  );
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/icons/apple-touch-icon.png",
  );
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    "content",
    /viewport-fit=cover/,
  );
});

test("reopened, the list shows from the device's copy before any answer, then the server's", async ({
  page,
  context,
}) => {
  const { contactId } = await readListAndContact(page);

  // Renamed elsewhere; the list's read is held until the copy has been seen.
  const renamed = await page.request.patch(`${app.base}/api/contacts/${contactId}`, {
    headers: { origin: app.base },
    data: { firstName: "Augusta Ada" },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/api\/contacts(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${app.base}/app/contacts`);
  await expect(page.getByRole("link", { name: /^Ada Lovelace/ }).first()).toBeVisible();
  // /device-copy-read.js read the same copy from IndexedDB while the app's code loaded.
  const me = (await (await page.request.get(`${app.base}/api/me`)).json()) as {
    user: { id: string };
  };
  const early = await page.evaluate(async () => {
    const read = await (window as { tendDeviceCopy?: Promise<unknown> }).tendDeviceCopy;
    const copy = read as { userId: string; saved: { state: { queries: unknown[] } } } | null;
    return copy && { userId: copy.userId, queries: copy.saved.state.queries.length };
  });
  expect(early?.userId).toBe(me.user.id);
  expect(early?.queries).toBeGreaterThan(0);
  release();
  await expect(page.getByRole("link", { name: /Augusta Ada Lovelace/ }).first()).toBeVisible();
});

test("offline: the list and a contact's page open from the worker and the copy, with a banner", async ({
  page,
  context,
}) => {
  const { contactId } = await readListAndContact(page);

  await goOffline(context, page);
  await page.goto(`${app.base}/app/contacts`);
  const banner = page.getByRole("status").filter({ hasText: "You are offline" });
  await expect(banner).toBeVisible();
  await expect(page.getByRole("link", { name: /Ada Lovelace/ }).first()).toBeVisible();
  await page.goto(`${app.base}/app/contacts/${contactId}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(banner).toBeVisible();
  // Rhythms reads the same list.
  await page.goto(`${app.base}/app/rhythms`);
  await expect(page.getByRole("link", { name: /Ada Lovelace/ }).first()).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await overflowAt(page)).toEqual([]);

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test("signing out deletes the device's copy; the next user finds none of it", async ({ page }) => {
  const { userId: firstUser } = await readListAndContact(page);

  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect.poll(() => readDeviceCopies(page)).toEqual({ current: null, copies: {} });

  await createUser(page, { origin: app.base });
  await page.goto(`${app.base}/app/contacts`);
  const secondUser = await signedInUserId(page);
  expect(secondUser).not.toBe(firstUser);
  await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
  await expect(page.getByText("Ada Lovelace")).toHaveCount(0);
  await expect.poll(async () => (await readDeviceCopies(page)).current).toBe(secondUser);
  const { copies } = await readDeviceCopies(page);
  expect(Object.keys(copies)).toEqual([`user:${secondUser}`]);
  expect(copies[`user:${secondUser}`]).not.toContain("Lovelace");
});

test("a new version is announced as App Update Available; Refresh Now brings it in", async ({
  page,
}) => {
  await createUser(page, { origin: app.base });
  await page.goto(`${app.base}/app/contacts`);
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(firstWorker).toBe(`${app.base}/sw.js`);

  // A new build deployed: its worker lists a changed app shell (index.html's revision), as a
  // build whose code changed does. The pre-compressed copies of the old worker go with it.
  const workerFile = path.join(dist, "sw.js");
  const worker = readFileSync(workerFile, "utf8");
  const shellEntry = /"revision":"([0-9a-f]+)","url":"index\.html"/;
  expect(worker).toMatch(shellEntry);
  writeFileSync(workerFile, worker.replace(shellEntry, '"revision":"$1-next","url":"index.html"'));
  rmSync(`${workerFile}.br`, { force: true });
  rmSync(`${workerFile}.gz`, { force: true });

  // The browser looks for a new worker when a page of the app opens.
  await page.reload();
  const banner = page.getByRole("alert").filter({ hasText: "App Update Available" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("button", { name: "Dismiss" })).toBeVisible();
  await banner.getByRole("button", { name: "Refresh Now" }).click();
  // The waiting worker took over and the page reloaded onto it: nothing waits any more.
  await expect(banner).toBeHidden();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(registration?.active && !registration.waiting && !registration.installing);
      }),
    )
    .toBe(true);
  await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
});
