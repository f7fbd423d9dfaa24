// Undo and guards and the keyboard (item 9): every one-tap change can be
// undone from its toast and comes back exactly as it was (checked through the API too); the bulk
// rhythm change counts and asks first; unsaved edits ask before leaving; archived contacts show
// no due state; the snooze menu says where each choice leads; and the app works by keyboard.
import type { Page } from "@playwright/test";
import { TOAST_REMOVE_DELAY_MS } from "../../src/core/constants";
import {
  createUser,
  daysAgo,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
} from "./fixtures";
import { formatDay } from "../../src/web/lib/format-date";
import { expectAppLive } from "./hydration";

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type Contact = { id: string; dueDate: string | null; archivedAt: string | null };

async function addContact(page: Page, data: Record<string, unknown>): Promise<Contact> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Contact;
}

// The contact and its history as the API answers them: what "exactly as before" compares.
async function stateOf(page: Page, id: string) {
  const contact = (await (await page.request.get(`/api/contacts/${id}`)).json()) as Contact;
  const history = (await (await page.request.get(`/api/contacts/${id}/interactions`)).json()) as {
    items: unknown[];
  };
  return { contact, history: history.items };
}

async function undoFromToast(page: Page) {
  await toastUndo(page).click();
  await expectToast(page, "Undone");
}

/** A new user with one contact, Ada, a week's rhythm and last in touch 20 days ago. */
async function addDueAda(page: Page): Promise<Contact> {
  await createUser(page);
  return addContact(page, {
    firstName: "Ada",
    lastName: "Lovelace",
    rhythm: { interval: 1, unit: "week" },
    lastContactedOn: daysAgo(20),
  });
}

test("log, snooze and archive each undo from the toast, exactly, history included", async ({
  page,
}) => {
  const ada = await addDueAda(page);
  const before = await stateOf(page, ada.id);
  expect(before.history).toHaveLength(1);
  await page.goto(`/app/contacts/${ada.id}`);
  const status = page.locator("[data-due-state]").first();
  await expect(status).toHaveText("Overdue");

  // Log contact → Undo.
  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
  await expect(status).toHaveText("On track");
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  await expectToast(page, "Logged contact with Ada Lovelace");
  // The pointer rests on the toast, which holds it open while axe runs twice.
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Logged contact with Ada Lovelace" })
    .hover();
  await expectAccessibleInBothThemes(page);
  await undoFromToast(page);
  await expect(status).toHaveText("Overdue");
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  expect(await stateOf(page, ada.id)).toEqual(before);
  // One toast at a time: "Undone" took the logged one's place; closed, it is gone within 3 s
  // (sonner removes it once its closing ends).
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("Undone");
  await toasts.getByRole("button", { name: "Close notification" }).click();
  await expect(toasts).toHaveCount(0, { timeout: TOAST_REMOVE_DELAY_MS });

  // Snooze: each preset shows the day it leads to (from today, as Ada is overdue) → Undo.
  const { today } = (await (await page.request.get("/api/contacts")).json()) as { today: string };
  await page.getByRole("button", { name: "Snooze" }).click();
  const week = page.getByRole("menuitem", { name: /1 week/ });
  await expect(week).toContainText(formatDay(addDays(today, 7)));
  await expect(page.getByRole("menuitem", { name: /1 day/ })).toContainText(
    formatDay(addDays(today, 1)),
  );
  await week.click();
  await expect(page.getByTestId("due-text")).toContainText("(snoozed)");
  await undoFromToast(page);
  await expect(page.getByTestId("due-text")).not.toContainText("(snoozed)");
  expect(await stateOf(page, ada.id)).toEqual(before);

  // Archive → Undo.
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unarchive" })).toBeVisible();
  await undoFromToast(page);
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  expect(await stateOf(page, ada.id)).toEqual(before);

  // A stale undo (something changed since) says so and changes nothing.
  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  const logged = await stateOf(page, ada.id);
  const res = await page.request.post(`/api/contacts/${ada.id}/snooze`, { data: { days: 3 } });
  expect(res.ok()).toBeTruthy();
  const afterSnooze = await stateOf(page, ada.id);
  expect(afterSnooze.contact).not.toEqual(logged.contact);
  await toastUndo(page).click();
  await expectToast(page, "Couldn't undo");
  await expectToast(page, /changed since/);
  expect(await stateOf(page, ada.id)).toEqual(afterSnooze);
});

test("archived contacts show no due state and no Log or Snooze", async ({ page }) => {
  await createUser(page);
  const grace = await addContact(page, {
    firstName: "Grace",
    lastName: "Hopper",
    rhythm: { interval: 1, unit: "week" },
    lastContactedOn: daysAgo(20),
  });
  await page.request.post(`/api/contacts/${grace.id}/archive`);
  await page.goto(`/app/contacts/${grace.id}`);
  await expect(page.getByTestId("due-text")).toContainText("Archived: not due");
  await expect(page.locator("[data-due-state]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Log contact/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Snooze" })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  await page.goto("/app/contacts?archived=true");
  await expect(page.getByLabel("Show archived")).toBeChecked();
  const row = page.getByTestId("contact-row").filter({ hasText: "Grace Hopper" });
  await expect(row).toContainText("Archived");
  await expect(row.locator("[data-due-state]")).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Log contact/ })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
});

test("'Pick a day' starts the day after the due date; focus returns to Snooze", async ({
  page,
}) => {
  await createUser(page);
  const alan = await addContact(page, {
    firstName: "Alan",
    lastName: "Turing",
    rhythm: { interval: 1, unit: "month" },
    lastContactedOn: daysAgo(2),
  });
  expect(alan.dueDate).not.toBeNull();
  await page.goto(`/app/contacts/${alan.id}`);
  const snooze = page.getByRole("button", { name: "Snooze" });
  await snooze.click();
  // Alan is not due yet: presets count from his due date, not from today.
  await expect(page.getByRole("menuitem", { name: /1 week/ })).toContainText(
    formatDay(addDays(alan.dueDate!, 7)),
  );
  await page.getByRole("menuitem", { name: "Pick a day…" }).click();
  const day = page.getByLabel("Due again on");
  await expect(day).toHaveValue(addDays(alan.dueDate!, 1));
  await expectAccessibleInBothThemes(page);
  await page.getByRole("dialog").getByRole("button", { name: "Snooze" }).click();
  await expectToast(page, "Alan Turing snoozed");
  await expect(snooze).toBeFocused();
  expect((await stateOf(page, alan.id)).contact.dueDate).toBe(addDays(alan.dueDate!, 1));
});

test("the bulk rhythm change counts, asks before overwriting, and undoes per contact", async ({
  page,
}) => {
  await createUser(page);
  const weekly = { interval: 1, unit: "week" };
  const a = await addContact(page, {
    firstName: "Kept",
    lastName: "Quarterly",
    tags: ["club"],
    rhythm: { interval: 3, unit: "month" },
    lastContactedOn: daysAgo(10),
  });
  const b = await addContact(page, { firstName: "No", lastName: "Rhythm", tags: ["club"] });
  const c = await addContact(page, {
    firstName: "Already",
    lastName: "Weekly",
    tags: ["club"],
    rhythm: weekly,
  });
  const before = await Promise.all([a, b, c].map((x) => stateOf(page, x.id)));

  await page.goto("/app/rhythms");
  await page.getByLabel("New rhythm").selectOption({ label: "Weekly" });
  await page.getByLabel("Tag", { exact: true }).selectOption("club");
  await page.getByRole("button", { name: "Apply rhythm" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Change the rhythm of 2 contacts?");
  await expect(confirm).toContainText("1 of them has a rhythm now, which this replaces.");
  await expect(confirm).toContainText("1 contact already has it.");
  await expectAccessibleInBothThemes(page);
  // Cancel writes nothing.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect(await Promise.all([a, b, c].map((x) => stateOf(page, x.id)))).toEqual(before);

  await page.getByRole("button", { name: "Apply rhythm" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Apply rhythm" }).click();
  await expectToast(page, "Weekly set for 2 contacts");
  expect((await stateOf(page, a.id)).contact).toMatchObject({ rhythm: weekly });
  await expect(page.getByRole("button", { name: "Apply rhythm" })).toBeFocused();
  await undoFromToast(page);
  expect(await Promise.all([a, b, c].map((x) => stateOf(page, x.id)))).toEqual(before);
});

// The snooze menu and the dialogs are not in the contact page's first JavaScript:
// their chunks held back until the test releases each one.
async function holdChunks(page: Page, names: string[]): Promise<Map<string, () => void>> {
  const releases = new Map<string, () => void>();
  const holds = new Map(
    names.map((name) => [name, new Promise<void>((resolve) => releases.set(name, resolve))]),
  );
  await page.route(new RegExp(`/assets/(${names.join("|")})-[^/]*\\.js$`), async (route) => {
    const name = names.find((held) => route.request().url().includes(`/assets/${held}-`))!;
    await holds.get(name);
    await route.continue();
  });
  return releases;
}

/** A new user's contact page for Ada, who is overdue (so she can be snoozed). */
async function openDueAda(page: Page): Promise<Contact> {
  const ada = await addDueAda(page);
  await page.goto(`/app/contacts/${ada.id}`);
  return ada;
}

test("a press before its code has arrived still works: Snooze opens its menu, Delete asks first", async ({
  page,
}) => {
  // Each one's code held back until the button standing in for it has been pressed.
  const releases = await holdChunks(page, ["snooze-menu", "dialog-parts"]);
  const ada = await openDueAda(page);

  // Snooze pressed by keyboard before its menu's code is in: the menu opens once it is.
  const snooze = page.getByRole("button", { name: "Snooze", exact: true });
  await snooze.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toHaveCount(0);
  releases.get("snooze-menu")!();
  await expect(page.getByRole("menuitem", { name: /1 week/ })).toBeVisible();
  // The keyboard is in the opened menu.
  await page.keyboard.press("ArrowDown");
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(snooze).toBeFocused();

  // Delete pressed before the dialogs' code is in: it asks once the code is, and Cancel gives
  // the focus back to Delete.
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await remove.click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  releases.get("dialog-parts")!();
  const confirm = page.getByRole("alertdialog", { name: "Delete Ada Lovelace?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  expect((await page.request.get(`/api/contacts/${ada.id}`)).ok()).toBeTruthy();
});

test("focus on Snooze before its code has arrived stays on Snooze when it does", async ({
  page,
}) => {
  const releases = await holdChunks(page, ["snooze-menu"]);
  await openDueAda(page);
  // Tabbed onto, not pressed: the real button takes the focus over from its stand-in.
  await page.getByRole("button", { name: "Snooze", exact: true }).focus();
  releases.get("snooze-menu")!();
  // The real trigger (Radix marks it with data-state) has replaced the stand-in, and has focus.
  const trigger = page.locator("button[data-state]", { hasText: "Snooze" });
  await expect(trigger).toBeVisible();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: /1 week/ })).toBeVisible();
});

test("a confirmation opened by a click that did not focus its button gives focus back to it", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addContact(page, { firstName: "Ada", lastName: "Lovelace" });
  await page.goto(`/app/contacts/${ada.id}`);
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  // As in Safari: the click lands while focus stays on the page itself.
  await page.locator("body").focus();
  await remove.dispatchEvent("click");
  const confirm = page.getByRole("alertdialog", { name: "Delete Ada Lovelace?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
});

test("leaving the contact form with unsaved edits asks first", async ({ page }) => {
  await createUser(page);
  await page.goto("/app/contacts/new");
  await page.getByLabel("First name").fill("Half typed");
  await page.getByRole("link", { name: "Rhythms" }).first().click();
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);
  await expect(page.getByLabel("First name")).toHaveValue("Half typed");

  // Saving is not leaving with unsaved edits: no question.
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Half typed" })).toBeVisible();
  await expect(ask).toHaveCount(0);

  // Editing, then leaving: "Leave" goes.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Company").fill("Somewhere");
  await page.getByRole("link", { name: "Rhythms" }).first().click();
  await ask.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/app\/rhythms$/);

  // Closing the tab with unsaved edits: the browser asks (beforeunload).
  await page.goto("/app/contacts/new");
  await page.getByLabel("First name").fill("Unsaved");
  const dialog = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe("beforeunload");
  await asked.accept();
});

test("keyboard: / searches, n adds, ? lists shortcuts, arrows and Enter open, Ctrl+Enter saves", async ({
  page,
}) => {
  await createUser(page);
  for (const name of ["Anna", "Bert", "Cleo"]) {
    await addContact(page, { firstName: name, lastName: "Key", rhythm: null });
  }
  await page.goto("/app/contacts");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(3);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Search contacts");
  await expectAccessibleInBothThemes(page);
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);

  // "/" focuses search; typed there, "n" and "?" are just letters.
  await page.keyboard.press("/");
  const search = page.getByLabel("Search contacts");
  await expect(search).toBeFocused();
  await page.keyboard.type("n?");
  await expect(search).toHaveValue("n?");
  await expect(page).toHaveURL(/\/app\/contacts(\?.*)?$/);
  await expect(help).toHaveCount(0);
  await search.fill("");

  // Arrows move through the rows' links; Enter opens the focused one.
  const links = rows.locator("a[data-row-link]");
  await links.first().focus();
  const second = await links.nth(1).innerText();
  await page.keyboard.press("ArrowDown");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();

  // Ctrl+Enter saves the dialog; focus goes back to the button that opened it.
  const addToHistory = page.getByRole("button", { name: "Add to history" });
  await addToHistory.click();
  await page.getByLabel("Note (optional)").fill("Coffee");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectToast(page, `Logged contact with ${second}`);
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expect(addToHistory).toBeFocused();

  // Ctrl+Enter saves the edit form too; focus returns to Edit.
  // (The history's entries have Edit buttons too: the contact's comes first.)
  const edit = page.getByRole("button", { name: "Edit", exact: true }).first();
  await edit.click();
  await page.getByLabel("Company").fill("Keys Ltd");
  await page.keyboard.press("Control+Enter");
  await expectToast(page, "Contact saved");
  await expect(edit).toBeFocused();

  // "n" adds a contact; "/" from elsewhere goes to the list's search.
  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.getByRole("link", { name: "Rhythms" }).first().click();
  await expect(page).toHaveURL(/\/app\/rhythms$/);
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search contacts")).toBeFocused();

  // The whole row is the link: a click beside the name opens the contact.
  const row = rows.filter({ hasText: "Cleo Key" });
  const box = (await row.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height - 6);
  await expect(page.getByRole("heading", { level: 1, name: "Cleo Key" })).toBeVisible();
});

test("Log contact twice in a row counts once; it logs the preferred way or the one picked", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addContact(page, {
    firstName: "Ada",
    lastName: "Lovelace",
    rhythm: { interval: 1, unit: "week" },
    preferredMethod: "whatsapp",
  });
  await page.goto(`/app/contacts/${ada.id}`);
  const log = page.getByRole("button", { name: "Log contact with Ada Lovelace" });
  const channel = page.getByLabel("How you were in touch");
  const items = page.getByTestId("history-item");
  await expect(channel).toHaveValue("whatsapp");

  await log.click();
  await expectToast(page, "Logged contact with Ada Lovelace");
  await expectToast(page, /By WhatsApp\./);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("WhatsApp");

  // The same tap again moments later is the same conversation: no second entry.
  await log.click();
  await expectToast(page, "Already logged contact with Ada Lovelace");
  await expect(items).toHaveCount(1);
  expect((await stateOf(page, ada.id)).history).toHaveLength(1);

  // Undone, the next tap logs again, by the way picked beside the button.
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Already logged" })
    .getByRole("button", { name: "Undo", exact: true })
    .click();
  await expectToast(page, "Undone");
  await expect(items).toHaveCount(0);
  await channel.selectOption("in_person");
  await log.click();
  await expectToast(page, /By In person\./);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("In person");
  const { history } = await stateOf(page, ada.id);
  expect(history).toMatchObject([{ channel: "in_person" }]);
});

test("on a phone the undo toast leaves the rows' Log buttons clear", async ({ page }) => {
  await createUser(page);
  for (const name of ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jo"])
    await addContact(page, {
      firstName: name,
      lastName: "Row",
      rhythm: { interval: 1, unit: "week" },
    });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto("/app/contacts");
    await expectAppLive(page);
    // Only the rows on screen are in the page (the list is virtualised): the bottom one is drawn
    // once the window is scrolled to the end.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bottomRow = page.locator('[role="listitem"][data-index="9"]');
    await expect(bottomRow).toBeInViewport();
    const buttons = page.getByRole("button", { name: /^Log contact with / });
    await bottomRow.getByRole("button", { name: /^Log contact with / }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Logged contact with");
    const toastBox = (await toast.boundingBox())!;
    // At the top of the screen, clear of the bottom rows' Log buttons the thumb goes to next.
    expect(toastBox.y + toastBox.height).toBeLessThan(320);
    for (const button of await buttons.all()) {
      const box = await button.boundingBox();
      if (!box || box.y < 320 || box.y > 640) continue;
      const overlaps =
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height &&
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width;
      expect(overlaps, `the toast covers ${await button.getAttribute("aria-label")}`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `test-results/undo-toast-${width}.png` });
    await toast.getByRole("button", { name: "Close notification" }).click();
  }
});

test("keyboard: ↓ from search into the results, Enter opens the first, focus on its name; Escape leaves the new-contact form; the shortcuts list gives focus back", async ({
  page,
}) => {
  await createUser(page);
  for (const name of ["Anna", "Bert", "Cleo"]) {
    await addContact(page, { firstName: name, lastName: "Key", rhythm: null });
  }
  await page.goto("/app/contacts");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(3);
  await expectAppLive(page);
  const search = page.getByLabel("Search contacts");
  const links = rows.locator("a[data-row-link]");

  await search.focus();
  await page.keyboard.press("ArrowDown");
  await expect(links.first()).toBeFocused();

  await search.fill("cle");
  await expect(rows).toHaveCount(1);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: "Cleo Key" });
  await expect(heading).toBeFocused();

  // The shortcuts list, opened and closed by keys, gives focus back where it was.
  const log = page.getByRole("button", { name: "Log contact with Cleo Key" });
  await log.focus();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
  await expect(log).toBeFocused();

  // Escape leaves an untouched new-contact form at once, and asks first about typed text.
  await page.keyboard.press("n");
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await page.keyboard.press("n");
  await page.getByLabel("First name").fill("Dora");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);
  await expect(page.getByLabel("First name")).toHaveValue("Dora");
  await page.keyboard.press("Escape");
  await ask.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
});
