// Changes made with no network (issue 50, part 3): a contact logged offline shows at once as
// pending and counted in the banner, and reaches the server exactly once when the network
// returns, from one tab or two; an offline edit that another device made stale comes back as the
// usual conflict message, kept in sight until dismissed. The pages stay open throughout: a reload
// offline is the service worker's part.
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { request, type Page } from "@playwright/test";
import { STALE_CONTACT_MESSAGE } from "../../src/core/contacts";
import {
  BASE_URL,
  createUser,
  daysAgo,
  expect,
  expectAccessibleInBothThemes,
  test,
  toastUndo,
} from "./fixtures";
import { expectAppLive } from "./hydration";
import { overflowAt } from "./page-width";

const SHOTS = "/tmp/shots-offline";

async function addAda(page: Page): Promise<{ id: string; updatedAt: string }> {
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName: "Ada",
      lastName: "Lovelace",
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: daysAgo(20),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; updatedAt: string };
}

async function historyOf(page: Page, id: string): Promise<unknown[]> {
  const res = await page.request.get(`/api/contacts/${id}/interactions`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: unknown[] }).items;
}

const banner = (page: Page) => page.getByTestId("offline-banner");
const adaRow = (page: Page) => page.getByTestId("contact-row").filter({ hasText: "Ada Lovelace" });

/** Waits for the theme's colour fades to end before a screenshot. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

async function openContacts(page: Page) {
  await page.goto("/app/contacts");
  await expect(adaRow(page)).toBeVisible();
  await expectAppLive(page);
}

test("a contact logged offline is pending, counted, and sent exactly once when back online", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  expect(await historyOf(page, ada.id)).toHaveLength(1);
  await openContacts(page);
  await expect(adaRow(page).locator("[data-due-state]")).toHaveAttribute(
    "data-due-state",
    "overdue",
  );

  await page.context().setOffline(true);
  await expect(banner(page)).toContainText("You are offline");
  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
  await expect(adaRow(page).getByTestId("pending-badge")).toHaveText("Pending: waiting to be sent");
  await expect(adaRow(page).locator("[data-due-state]")).toHaveAttribute(
    "data-due-state",
    "on_track",
  );
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  // Nothing reached the server yet (the API is reached outside the offline page).
  expect(await historyOf(page, ada.id)).toHaveLength(1);

  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflowAt(page), `at ${width} px`).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/pending-${width}-${colorScheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessibleInBothThemes(page);

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect(adaRow(page).getByTestId("pending-badge")).toHaveCount(0);
  await expect.poll(async () => (await historyOf(page, ada.id)).length).toBe(2);
  await expect(adaRow(page).locator("[data-due-state]")).toHaveAttribute(
    "data-due-state",
    "on_track",
  );
  // Later tries (on start, every half minute) find nothing left to send.
  await page.reload();
  await expect(adaRow(page)).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await historyOf(page, ada.id)).toHaveLength(2);
});

test("two tabs offline, one press each: two entries, none sent twice", async ({ page }) => {
  await createUser(page);
  const ada = await addAda(page);
  const second = await page.context().newPage();
  await openContacts(page);
  await openContacts(second);

  await page.context().setOffline(true);
  for (const tab of [page, second]) {
    await tab.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
    await expect(adaRow(tab).getByTestId("pending-badge")).toBeVisible();
  }
  // Each tab counts the other's change too: one queue per user on this device.
  for (const tab of [page, second]) {
    await expect(banner(tab).getByRole("status")).toContainText("2 changes waiting to be sent");
  }

  await page.context().setOffline(false);
  for (const tab of [page, second]) await expect(banner(tab)).toHaveCount(0);
  await expect.poll(async () => (await historyOf(page, ada.id)).length).toBe(3);
  await page.waitForTimeout(1500);
  expect(await historyOf(page, ada.id)).toHaveLength(3);
  await second.close();
});

test("an offline edit made stale elsewhere comes back as the conflict, never applied", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  await page.goto(`/app/contacts/${ada.id}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expectAppLive(page);

  // The form's code is loaded while online (offline, the service worker serves it).
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Company").fill("Analytical Engines");
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");

  // Meanwhile the contact is changed on another device.
  const elsewhere = await request.newContext({
    baseURL: BASE_URL,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { origin: BASE_URL },
  });
  const other = await elsewhere.patch(`/api/contacts/${ada.id}`, {
    data: { company: "Difference Engines", expectedUpdatedAt: ada.updatedAt },
  });
  expect(other.status(), await other.text()).toBe(200);

  await page.context().setOffline(false);
  const conflict = banner(page).getByRole("alert");
  await expect(conflict).toContainText("Edit Ada Lovelace: not saved");
  await expect(conflict).toContainText(STALE_CONTACT_MESSAGE);
  // What was typed offline is still there to enter again.
  await expect(conflict).toContainText("Your change: Company: Analytical Engines");
  await expect(banner(page).getByRole("status")).toHaveCount(0);
  const now = (await (await elsewhere.get(`/api/contacts/${ada.id}`)).json()) as {
    company: string;
  };
  expect(now.company).toBe("Difference Engines");
  await expect(page.getByText("Difference Engines")).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/conflict-1280-light.png` });
  await page.getByRole("button", { name: "Dismiss: Edit Ada Lovelace" }).click();
  await expect(banner(page)).toHaveCount(0);
  await elsewhere.dispose();
});

/** Counts the requests the page sends that `matches` picks (the page's own, with workers off). */
function countRequests(page: Page, matches: (method: string, path: string) => boolean) {
  const sent = { count: 0 };
  page.on("request", (req) => {
    if (matches(req.method(), new URL(req.url()).pathname)) sent.count++;
  });
  return sent;
}

async function contactOnServer(page: Page, id: string) {
  const res = await page.request.get(`/api/contacts/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { isSnoozed: boolean; nextDueAt: string | null };
}

test("a snooze made offline is pending, then reaches the server exactly once", async ({ page }) => {
  await createUser(page);
  const ada = await addAda(page);
  const before = await contactOnServer(page, ada.id);
  const snoozes = countRequests(
    page,
    (method, path) => method === "POST" && path === `/api/contacts/${ada.id}/snooze`,
  );
  await page.goto(`/app/contacts/${ada.id}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expectAppLive(page);

  await page.context().setOffline(true);
  await expect(banner(page)).toContainText("You are offline");
  await page.getByRole("button", { name: "Snooze" }).click();
  await page.getByRole("menuitem", { name: /^1 week/ }).click();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  expect((await contactOnServer(page, ada.id)).isSnoozed).toBe(false);
  expect(snoozes.count).toBe(0);

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByTestId("pending-badge")).toHaveCount(0);
  await expect.poll(async () => (await contactOnServer(page, ada.id)).isSnoozed).toBe(true);
  const after = await contactOnServer(page, ada.id);
  expect(after.nextDueAt).not.toBe(before.nextDueAt);
  // Later tries find nothing left to send: one request, and the due day moved once.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(snoozes.count).toBe(1);
  expect((await contactOnServer(page, ada.id)).nextDueAt).toBe(after.nextDueAt);
});

test("a contact added offline is listed as pending, then created exactly once", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  const creates = countRequests(
    page,
    (method, path) => method === "POST" && path === "/api/contacts",
  );
  // The contact page's and the form's code are loaded while online (offline, the service worker
  // serves them).
  await page.goto(`/app/contacts/${ada.id}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expectAppLive(page);
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Contacts" })
    .click();
  await expect(adaRow(page)).toBeVisible();
  await page.getByRole("link", { name: "Add contact" }).click();
  await expect(page.getByLabel("First name")).toBeVisible();

  await page.context().setOffline(true);
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Contacts" })
    .click();
  const graceRow = page.getByTestId("contact-row").filter({ hasText: "Grace Hopper" });
  await expect(graceRow.getByTestId("pending-badge")).toHaveText("Pending: waiting to be sent");
  const named = async () => {
    const res = await page.request.get("/api/contacts");
    expect(res.ok()).toBeTruthy();
    const { items } = (await res.json()) as { items: { firstName: string; lastName: string }[] };
    return items.filter((c) => c.firstName === "Grace" && c.lastName === "Hopper").length;
  };
  expect(await named()).toBe(0);
  expect(creates.count).toBe(0);

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect(graceRow).toHaveCount(1);
  await expect(graceRow.getByTestId("pending-badge")).toHaveCount(0);
  await expect.poll(named).toBe(1);
  await page.reload();
  await expect(graceRow).toHaveCount(1);
  await page.waitForTimeout(1000);
  expect(creates.count).toBe(1);
  expect(await named()).toBe(1);
});

// Archive, delete and undo go through the same queue (decision 323).

async function addContactNamed(page: Page, firstName: string, lastName: string) {
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName, lastName },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Opens the contact from the list, as a user does, so the list's code is in the page too: a way
 * back to the list offline needs it, and with service workers off in these tests nothing else
 * could serve it.
 */
async function openContact(page: Page, id: string, name: string) {
  await page.goto("/app/contacts");
  await expectAppLive(page);
  await page
    .getByTestId("contact-row")
    .filter({ hasText: name })
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/contacts/${id}$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expectAppLive(page);
  // The toasts' code (loaded with the first toast) is loaded while online: offline, the service
  // worker serves it. The app's own import of it then finds it in the page's module map.
  const toaster = readdirSync(path.join(process.env.E2E_DIST ?? "dist/web", "assets")).find((f) =>
    /^toaster-.*\.js$/.test(f),
  );
  expect(toaster, "the build's toaster chunk").toBeTruthy();
  await page.evaluate((url) => import(url).then(() => undefined), `/assets/${toaster}`);
}

async function archivedAtOnServer(page: Page, id: string): Promise<string | null> {
  const res = await page.request.get(`/api/contacts/${id}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { archivedAt: string | null }).archivedAt;
}

async function statusOnServer(page: Page, id: string): Promise<number> {
  return (await page.request.get(`/api/contacts/${id}`)).status();
}

const toContacts = (page: Page) =>
  page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Contacts" })
    .click();

test("a contact archived offline leaves the list at once, pending, and is archived exactly once", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  const archives = countRequests(
    page,
    (method, path) => method === "POST" && path === `/api/contacts/${ada.id}/archive`,
  );
  await openContact(page, ada.id, "Ada Lovelace");

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  await expect(page.getByTestId("pending-badge")).toHaveText("Pending: waiting to be sent");
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  expect(await archivedAtOnServer(page, ada.id)).toBeNull();
  expect(archives.count).toBe(0);

  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowAt(page), "at 390 px").toEqual([]);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/archived-pending-390-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessibleInBothThemes(page);

  // The active list leaves Ada out while the archive waits.
  await toContacts(page);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("0 contacts shown")).toBeVisible();
  await expect(adaRow(page)).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => archivedAtOnServer(page, ada.id)).not.toBeNull();
  await expect(adaRow(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("0 contacts shown")).toBeVisible();
  await expect(adaRow(page)).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(archives.count).toBe(1);
});

test("a contact deleted offline is gone at once, and deleted exactly once", async ({ page }) => {
  await createUser(page);
  const ada = await addAda(page);
  const grace = await addContactNamed(page, "Grace", "Hopper");
  const deletes = countRequests(
    page,
    (method, path) => method === "DELETE" && path === `/api/contacts/${ada.id}`,
  );
  await openContact(page, ada.id, "Ada Lovelace");
  // The list's code is loaded while online (offline, the service worker serves it).
  await toContacts(page);
  await expect(adaRow(page)).toBeVisible();
  await adaRow(page)
    .getByRole("link", { name: /Ada Lovelace/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete contact" }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByTestId("contact-row").filter({ hasText: "Grace Hopper" })).toBeVisible();
  await expect(adaRow(page)).toHaveCount(0);
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  expect(await statusOnServer(page, ada.id)).toBe(200);
  expect(deletes.count).toBe(0);

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => statusOnServer(page, ada.id)).toBe(404);
  await expect(adaRow(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("contact-row").filter({ hasText: "Grace Hopper" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(deletes.count).toBe(1);
  expect(await statusOnServer(page, grace)).toBe(200);
});

test("an archive undone while it still waits is never sent, and the contact is back", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  const sent = countRequests(
    page,
    (method, path) =>
      method === "POST" &&
      (path === `/api/contacts/${ada.id}/archive` || path.startsWith("/api/contacts/undo/")),
  );
  await openContact(page, ada.id, "Ada Lovelace");

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await toastUndo(page).click();
  await expect(page.getByText("Ada Lovelace archived: undone. Nothing was sent.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await expect(page.getByText("Archived", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("pending-badge")).toHaveCount(0);
  await expect(banner(page)).toContainText("You are offline");
  await expect(banner(page)).not.toContainText("waiting to be sent");
  await toContacts(page);
  await expect(adaRow(page)).toBeVisible();

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(sent.count).toBe(0);
  expect(await archivedAtOnServer(page, ada.id)).toBeNull();
});

test("an Undo pressed offline after the archive was sent queues the server's undo, sent once", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  const undos = countRequests(
    page,
    (method, path) => method === "POST" && path.startsWith("/api/contacts/undo/"),
  );
  await openContact(page, ada.id, "Ada Lovelace");
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  expect(await archivedAtOnServer(page, ada.id)).not.toBeNull();

  await page.context().setOffline(true);
  await toastUndo(page).click();
  await expect(
    page.getByText(/Ada Lovelace archived: undone\. Saved on this device/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await expect(banner(page).getByRole("status")).toContainText("1 change waiting to be sent");
  expect(await archivedAtOnServer(page, ada.id)).not.toBeNull();

  await page.context().setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => archivedAtOnServer(page, ada.id)).toBeNull();
  await page.reload();
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(undos.count).toBe(1);
});

test("two tabs offline: an archive in one and a delete in the other, each sent once", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  const bob = await addContactNamed(page, "Bob", "Babbage");
  const second = await page.context().newPage();
  const matches = (method: string, path: string) =>
    (method === "POST" && path === `/api/contacts/${ada.id}/archive`) ||
    (method === "DELETE" && path === `/api/contacts/${bob}`);
  const [inFirst, inSecond] = [countRequests(page, matches), countRequests(second, matches)];
  await openContact(page, ada.id, "Ada Lovelace");
  // The second tab loads the list's code, then Bob's page, while online.
  await openContacts(second);
  await second
    .getByTestId("contact-row")
    .filter({ hasText: "Bob Babbage" })
    .getByRole("link")
    .first()
    .click();
  await expect(second.getByRole("heading", { name: "Bob Babbage" })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  await second.getByRole("button", { name: "Delete", exact: true }).click();
  await second.getByRole("alertdialog").getByRole("button", { name: "Delete contact" }).click();
  await expect(second).toHaveURL(/\/app\/contacts$/);
  for (const tab of [page, second]) {
    await expect(banner(tab).getByRole("status")).toContainText("2 changes waiting to be sent");
  }
  // The first tab's archive waits: the second tab's list leaves Ada out too.
  await expect(second.getByRole("heading", { name: /address book is empty/ })).toBeVisible();
  await expect(adaRow(second)).toHaveCount(0);

  await page.context().setOffline(false);
  for (const tab of [page, second]) await expect(banner(tab)).toHaveCount(0);
  await expect.poll(() => statusOnServer(page, bob)).toBe(404);
  await expect.poll(() => archivedAtOnServer(page, ada.id)).not.toBeNull();
  await page.waitForTimeout(1500);
  expect(inFirst.count + inSecond.count).toBe(2);
  await second.close();
});

test("a waiting change the server refuses for good is shown with its reason until dismissed", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addAda(page);
  await openContact(page, ada.id, "Ada Lovelace");

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByTestId("pending-badge")).toBeVisible();
  // Meanwhile Ada is deleted on another device.
  const gone = await page.request.delete(`/api/contacts/${ada.id}`, {
    headers: { origin: BASE_URL },
  });
  expect(gone.status()).toBe(204);

  await page.context().setOffline(false);
  const refused = banner(page).getByRole("alert");
  await expect(refused).toContainText("Archive Ada Lovelace: not saved");
  await expect(refused).toContainText("That contact was not found. It may have been deleted.");
  await expect(banner(page).getByRole("status")).toHaveCount(0);
  // Not tried again: it stays in sight, after a reload too, until dismissed.
  await page.reload();
  await expect(banner(page).getByRole("alert")).toContainText("Archive Ada Lovelace: not saved");
  await page.getByRole("button", { name: "Dismiss: Archive Ada Lovelace" }).click();
  await expect(banner(page)).toHaveCount(0);
});
