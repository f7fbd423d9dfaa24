// Contacts in the browser: add someone you last talked to a month ago (overdue on a weekly
// rhythm), log contact in one tap, and watch them move to on track, on the detail page and in
// the list.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  daysAgo,
} from "./fixtures";
import { expectAppLive } from "./hydration";

test("add a contact, log contact, and watch them move from overdue to on track", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  await expect(page).toHaveTitle("Contacts · Tend");
  await expectAccessibleInBothThemes(page);
  // On a phone the empty state's buttons wrap instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: "Add your first contact" }).click();
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Rhythm").selectOption({ label: "Weekly" });
  await page.getByLabel("Last in touch (optional)").fill(daysAgo(30));
  await page.getByLabel("Preferred way to get in touch").selectOption({ label: "Email" });
  await page.getByRole("textbox", { name: "Email 1", exact: true }).fill("ADA@example.com");
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Add contact" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page).toHaveTitle("Contact · Tend");
  const status = page.locator("[data-due-state]").first();
  await expect(status).toHaveText("Overdue");
  await expect(page.getByTestId("due-text")).toContainText("days overdue");
  await expect(page.getByRole("link", { name: "ada@example.com" })).toHaveAttribute(
    "href",
    "mailto:ada@example.com",
  );
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expectAccessibleInBothThemes(page);

  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).click();
  await expect(status).toHaveText("On track");
  await expect(page.getByTestId("due-text")).toContainText("Due in 7 days");
  await expect(page.getByTestId("history-item")).toHaveCount(2);

  await page.getByRole("link", { name: "Contacts", exact: true }).first().click();
  const row = page.getByTestId("contact-row").filter({ hasText: "Ada Lovelace" });
  await expect(row).toBeVisible();
  await expect(row.locator("[data-due-state]").first()).toHaveText("On track");
  await expect(row.getByRole("link", { name: "Email Ada Lovelace" })).toHaveAttribute(
    "href",
    "mailto:ada@example.com",
  );
  await expect(row).toContainText("Today");
  await expectAccessibleInBothThemes(page);
});

test("the list logs contact in one tap, searches as you type, and filters by state", async ({
  page,
}) => {
  await createUser(page);
  for (const [firstName, lastContactedOn] of [
    ["Grace", daysAgo(20)],
    ["Alan", daysAgo(1)],
    ["Edsger", ""],
  ] as const) {
    const res = await page.request.post("/api/contacts", {
      data: {
        firstName,
        lastName: "Tester",
        rhythm: lastContactedOn ? { interval: 1, unit: "week" } : null,
        lastContactedOn,
        preferredMethod: "whatsapp",
        phones: [{ value: "+44 20 7946 0958" }],
      },
      headers: { origin: BASE_URL },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto("/app/contacts");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(3);
  // Most urgent first: the overdue one, then on track, then no rhythm.
  await expect(rows.first()).toContainText("Grace Tester");
  await expect(rows.first().locator("[data-due-state]").first()).toHaveText("Overdue");
  await expect(rows.first().getByRole("link", { name: "WhatsApp Grace Tester" })).toHaveAttribute(
    "href",
    "https://wa.me/442079460958",
  );

  await page.getByRole("button", { name: /^Overdue/ }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Log contact with Grace Tester" }).click();
  await expect(page.getByText("No contacts match these filters")).toBeVisible();
  await page.getByRole("button", { name: /^All/ }).click();
  await expect(rows).toHaveCount(3);

  await page.getByLabel("Search contacts").fill("eds");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Edsger Tester");
  await expect(page).toHaveURL(/q=eds/);
  await page.getByLabel("Search contacts").fill("");
  await expect(rows).toHaveCount(3);

  await expectAccessibleInBothThemes(page);
});

test("a row's name opens the contact in the app; with Ctrl held, in a new tab", async ({
  page,
  context,
}) => {
  await createUser(page);
  const id = await addViaApi(page, { firstName: "Grace", lastName: "Hopper" });
  await page.goto("/app/contacts");
  await expectAppLive(page);
  const name = page.getByRole("link", { name: "Grace Hopper", exact: true });
  await expect(name).toHaveAttribute("href", `/app/contacts/${id}`);

  // Ctrl+click: the browser opens it in a new tab, and this page stays on the list.
  const newTab = context.waitForEvent("page");
  await name.click({ modifiers: ["Control"] });
  const opened = await newTab;
  await expect(opened).toHaveURL(new RegExp(`/app/contacts/${id}$`));
  await opened.close();
  await expect(page).toHaveURL(/\/app\/contacts$/);

  // A plain click: the app shows the contact, without loading the page again.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await name.click();
  await expect(page).toHaveURL(new RegExp(`/app/contacts/${id}$`));
  await expect(page.getByRole("heading", { name: "Grace Hopper", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Back returns to the list.
  await page.goBack();
  await expect(page.getByRole("link", { name: "Grace Hopper", exact: true })).toBeVisible();
});

function isCutOff(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    // A truncating ancestor cuts its text off when the text is wider than it is.
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (getComputedStyle(node).textOverflow === "ellipsis")
        return node.scrollWidth > node.clientWidth;
    }
    return false;
  });
}

async function addViaApi(page: Page, data: Record<string, unknown>): Promise<string> {
  const res = await page.request.post("/api/contacts", { data, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("the detail page edits, snoozes, keeps history, archives and deletes", async ({ page }) => {
  await createUser(page);
  const id = await addViaApi(page, {
    firstName: "Grace",
    lastName: "Hopper",
    rhythm: { interval: 1, unit: "month" },
    lastContactedOn: daysAgo(40),
  });
  await page.goto(`/app/contacts/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Company").fill("US Navy");
  await page.getByLabel("Tags").fill("navy, computing");
  await page.getByLabel("Rhythm").selectOption({ label: "Custom…" });
  await page.getByLabel("Every").fill("3");
  await page.getByLabel("Unit").selectOption("week");
  await page.getByText("Enter coordinates").click();
  await page.getByLabel("Latitude").fill("95");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Latitude must be between -90 and 90")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByLabel("Latitude").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Rhythm: Every 3 weeks")).toBeVisible();
  await expect(page.getByText("US Navy")).toBeVisible();
  await expect(page.locator("[data-due-state]").first()).toHaveText("Overdue");

  await page.getByRole("button", { name: "Snooze", exact: true }).click();
  await page.getByRole("menuitem", { name: "3 days" }).click();
  await expect(page.getByTestId("due-text")).toContainText("Due in 3 days");
  await expect(page.getByTestId("due-text")).toContainText("(snoozed)");
  await expect(page.getByTestId("history-item")).toHaveCount(1);

  await page.getByRole("button", { name: "Add to history" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("How").selectOption({ label: "In person" });
  await dialog.getByLabel("Note (optional)").fill("Coffee and COBOL");
  await expectAccessibleInBothThemes(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  await expect(page.getByText("Coffee and COBOL")).toBeVisible();
  await expect(page.locator("[data-due-state]").first()).toHaveText("On track");
  await expect(page.getByText(/Last contacted: Today/)).toBeVisible();

  // Editing an entry: a new time, channel and note; the last contact follows the new time.
  const latest = page.getByTestId("history-item").first();
  await latest.getByRole("button", { name: /^Edit entry/ }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Note (optional)")).toHaveValue("Coffee and COBOL");
  await edit.getByLabel("When").fill(`${daysAgo(2)}T12:00`);
  await edit.getByLabel("How").selectOption({ label: "Phone call" });
  await edit.getByLabel("Note (optional)").fill("Called about compilers");
  await expectAccessibleInBothThemes(page);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(latest).toContainText("Phone call");
  await expect(latest).toContainText("Called about compilers");
  await expect(page.getByText("Coffee and COBOL")).toBeHidden();
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  await expect(page.getByText(/Last contacted: 2 days ago/)).toBeVisible();
  await expect(page.locator("[data-due-state]").first()).toHaveText("On track");

  // Deleting the latest entry moves the due date back: overdue again.
  await page
    .getByTestId("history-item")
    .first()
    .getByRole("button", { name: /^Delete entry/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete entry" }).click();
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expect(page.locator("[data-due-state]").first()).toHaveText("Overdue");

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete Grace Hopper?");
  await expectAccessibleInBothThemes(page);
  await confirm.getByRole("button", { name: "Delete contact" }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
});

test("a save over a change made elsewhere is refused, and the other change stays", async ({
  page,
}) => {
  await createUser(page);
  const id = await addViaApi(page, { firstName: "Ada", lastName: "Lovelace", company: "Engines" });
  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Company").fill("Analytical Society");

  // Meanwhile, another tab (or device) saves a note.
  const elsewhere = await page.request.patch(`/api/contacts/${id}`, {
    data: { notes: "Met at the Royal Society" },
    headers: { origin: BASE_URL },
  });
  expect(elsewhere.status()).toBe(200);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("This contact was changed elsewhere: reload to see the change"),
  ).toBeVisible();
  const stored = (await (await page.request.get(`/api/contacts/${id}`)).json()) as {
    company: string;
    notes: string;
  };
  expect(stored).toMatchObject({ company: "Engines", notes: "Met at the Royal Society" });

  // Reloaded, the edit starts from the current version and only the company changes.
  await page.reload();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Notes")).toHaveValue("Met at the Royal Society");
  await page.getByLabel("Company").fill("Analytical Society");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Analytical Society")).toBeVisible();
  const saved = (await (await page.request.get(`/api/contacts/${id}`)).json()) as {
    company: string;
    notes: string;
  };
  expect(saved).toMatchObject({ company: "Analytical Society", notes: "Met at the Royal Society" });
});

test("the rhythms page groups who is due and sets a rhythm for a tag", async ({ page }) => {
  await createUser(page);
  const weekly = { interval: 1, unit: "week" };
  await addViaApi(page, {
    firstName: "Overdue",
    lastName: "Olga",
    rhythm: weekly,
    lastContactedOn: daysAgo(10),
  });
  await addViaApi(page, {
    firstName: "Soon",
    lastName: "Sam",
    rhythm: weekly,
    lastContactedOn: daysAgo(5),
  });
  await addViaApi(page, {
    firstName: "Later",
    lastName: "Lee",
    rhythm: { interval: 1, unit: "year" },
  });
  await addViaApi(page, { firstName: "Free", lastName: "Fay", tags: ["club"] });
  await addViaApi(page, { firstName: "Free", lastName: "Finn", tags: ["Club"] });
  await page.goto("/app/rhythms");
  const group = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });
  await expect(group("Overdue")).toContainText("Overdue Olga");
  await expect(group("Due in the next 7 days")).toContainText("Soon Sam");
  await expect(group("Upcoming")).toContainText("Later Lee");
  await expect(group("Without a rhythm")).toContainText("(2)");
  await expectAccessibleInBothThemes(page);

  await page.getByLabel("New rhythm").selectOption({ label: "Quarterly" });
  await page.getByLabel("Tag", { exact: true }).selectOption("club");
  await page.getByRole("button", { name: "Apply rhythm" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Apply rhythm" }).click();
  await expect(group("Without a rhythm")).toContainText("Everyone has a rhythm.");
  await expect(group("Upcoming")).toContainText("Free Fay");

  await group("Overdue").getByLabel("Select Overdue Olga").check();
  await page.getByLabel("The contacts ticked below (1)").check();
  await page.getByLabel("New rhythm").selectOption({ label: "No rhythm" });
  await page.getByRole("button", { name: "Apply rhythm" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove rhythms" }).click();
  await expect(group("Overdue")).toContainText("Nobody is overdue.");
  await expect(group("Without a rhythm")).toContainText("Overdue Olga");
});

test("on a phone every row still shows avatar, name, rhythm, state and last contact", async ({
  page,
}) => {
  // 320 CSS pixels: the narrowest width content must reflow to (WCAG 1.4.10).
  await page.setViewportSize({ width: 320, height: 740 });
  await createUser(page);
  await addViaApi(page, {
    firstName: "Katherine",
    lastName: "Coleman Goble Johnson",
    company: "NASA Langley Research Center",
    city: "Hampton",
    rhythm: { interval: 1, unit: "week" },
    lastContactedOn: daysAgo(20),
    preferredMethod: "whatsapp",
    phones: [{ value: "+1 757 555 0100" }],
  });
  await addViaApi(page, {
    firstName: "Alan",
    lastName: "Turing",
    rhythm: { interval: 3, unit: "month" },
    lastContactedOn: daysAgo(1),
    preferredMethod: "email",
    emails: [{ value: "alan@example.com" }],
  });
  await addViaApi(page, { firstName: "Edsger", lastName: "Dijkstra" });
  await page.goto("/app/contacts");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(3);

  const expected = [
    ["Katherine Coleman Goble Johnson", "Weekly", "Overdue", "Contacted 20 days ago"],
    ["Alan Turing", "Quarterly", "On track", "Contacted yesterday"],
    ["Edsger Dijkstra", "No rhythm", "No rhythm", "Never contacted"],
  ] as const;
  for (const [index, [name, rhythm, state, lastContact]] of expected.entries()) {
    const row = rows.nth(index);
    await expect(row.locator(".ui-initials-avatar")).toBeVisible();
    await expect(row.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(row.getByText(rhythm, { exact: false }).filter({ visible: true })).toHaveCount(1);
    const badge = row.locator("[data-due-state]").filter({ visible: true });
    await expect(badge).toHaveCount(1);
    await expect(badge).toHaveText(state);
    const shown = row.getByText(lastContact, { exact: true });
    await expect(shown).toBeVisible();
    // Shown whole, not cut off with an ellipsis; the state badge too.
    expect(await isCutOff(shown)).toBe(false);
    expect(await isCutOff(badge)).toBe(false);
    await expect(row.getByRole("button", { name: /^Log contact with/ })).toBeVisible();
  }
  // The name keeps a good part of the row, and nothing spills sideways.
  const rowBox = await rows.first().boundingBox();
  const nameBox = await rows
    .first()
    .getByRole("link", { name: /^Katherine/ })
    .boundingBox();
  expect(nameBox!.width).toBeGreaterThan(rowBox!.width * 0.4);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectAccessibleInBothThemes(page);

  // From the large breakpoint on, the last contact has a column of its own instead.
  await page.setViewportSize({ width: 1280, height: 800 });
  const first = rows.first();
  await expect(first.getByText("Contacted 20 days ago")).toBeHidden();
  await expect(first.getByText("20 days ago", { exact: true })).toBeVisible();
});

test("on a phone, a nickname, a website and addresses are added; one address is the place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await createUser(page);
  const id = await addViaApi(page, { firstName: "Marie", lastName: "Curie", city: "Warsaw" });
  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();

  await page.getByLabel("Nickname").fill("Manya");
  await page.getByLabel("Prefix").fill("Dr.");
  await page.getByRole("button", { name: "Add website" }).click();
  await page.getByLabel("Label for website 1").fill("Lab");
  await page.getByRole("textbox", { name: "Website 1", exact: true }).fill("radium.example");
  // The label offers the usual choices, and the value keeps most of a phone's width.
  expect(
    await page
      .locator("#websites-labels option")
      .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value)),
  ).toEqual(["Home page", "Work", "Blog", "Profile"]);
  const valueBox = await page
    .getByRole("textbox", { name: "Website 1", exact: true })
    .boundingBox();
  expect(valueBox!.width).toBeGreaterThan(200);
  await page.getByRole("button", { name: "Add address" }).click();
  const home = page.getByRole("group", { name: "Address 1" });
  await home.getByLabel("Label for address 1").fill("Home");
  await home.getByLabel("Street").fill("36 Quai de Béthune");
  await home.getByLabel("City").fill("Paris");
  await home.getByLabel("Postal code").fill("75004");
  await home.getByLabel("Country").fill("France");
  await page.getByRole("button", { name: "Add address" }).click();
  const lab = page.getByRole("group", { name: "Address 2" });
  await lab.getByLabel("Label for address 2").fill("Lab");
  await lab.getByLabel("Street").fill("11 Rue Pierre et Marie Curie");
  await lab.getByLabel("City").fill("Paris");
  await lab.getByLabel("Country").fill("France");
  await home.getByLabel("Their place on the map").check();
  await lab.getByLabel("Their place on the map").check();
  // One place: ticking the second unticks the first, and its town becomes the place.
  await expect(home.getByLabel("Their place on the map")).not.toBeChecked();
  await expect(page.getByLabel("City").first()).toHaveValue("Paris");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText("36 Quai de Béthune, Paris 75004, France (home)")).toBeVisible();
  await expect(
    page.getByText("11 Rue Pierre et Marie Curie, Paris, France (lab, place on the map)"),
  ).toBeVisible();
  await expect(page.getByText("Paris, France", { exact: true })).toBeVisible();
  await expect(page.getByText("Dr. Marie Curie", { exact: true })).toBeVisible();
  await expect(page.getByText("Manya", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "radium.example (Lab)" })).toHaveAttribute(
    "href",
    "https://radium.example",
  );
  await expectAccessibleInBothThemes(page);
});

test("a phone keeps its kind and extension; a card's photo shows in the list and on the contact", async ({
  page,
}) => {
  await createUser(page);
  const id = await addViaApi(page, { firstName: "Ada", lastName: "Lovelace" });
  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Label for phone number 1").fill("Work");
  await page.getByRole("textbox", { name: "Phone number 1", exact: true }).fill("+44 20 7946 0100");
  await page.getByLabel("Extension for phone number 1").fill("214");
  await page.getByRole("button", { name: "Add phone number" }).click();
  // An extension typed into the number is kept apart too.
  await page.getByLabel("Label for phone number 2").fill("Work fax");
  await page
    .getByRole("textbox", { name: "Phone number 2", exact: true })
    .fill("+44 20 7946 0101 x9");
  await page.getByRole("button", { name: "Save changes" }).click();

  const work = page.getByRole("link", { name: "+44 20 7946 0100 ext. 214 (Work)" });
  await expect(work).toHaveAttribute("href", "tel:+442079460100,214");
  await expect(
    page.getByRole("link", { name: "+44 20 7946 0101 ext. 9 (Work fax)" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Extension for phone number 2")).toHaveValue("9");
  await page.getByRole("button", { name: "Cancel" }).click();

  const card = readFileSync(path.resolve("tests/fixtures/import/android-v21.vcf"));
  const imported = await page.request.post("/api/imports", {
    headers: { origin: BASE_URL },
    multipart: { file: { name: "phone.vcf", mimeType: "text/vcard", buffer: card } },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  await page.goto("/app/contacts");
  const row = page.getByTestId("contact-row").filter({ hasText: "Jörg Müller" });
  const photo = row.getByTestId("contact-photo");
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // Without a photo, the initials stay.
  const ngozi = page.getByTestId("contact-row").filter({ hasText: "Ngozi Okafor" });
  await expect(ngozi.getByTestId("contact-photo")).toHaveCount(0);
  await row.getByRole("link", { name: /Jörg Müller/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Jörg Müller/ })).toBeVisible();
  await expect(page.getByTestId("contact-photo")).toBeVisible();
  await expect(page.getByRole("link", { name: "+49 30 1234 5678 ext. 42 (work)" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test("a photo is added on the edit page, refused in words when it is not one, and removed", async ({
  page,
}) => {
  await createUser(page);
  const id = await addViaApi(page, { firstName: "Grace", lastName: "Hopper" });
  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByTestId("contact-photo")).toHaveCount(0);
  const picture = await sharp({
    create: { width: 120, height: 90, channels: 3, background: "#3b82f6" },
  })
    .png()
    .toBuffer();
  // A text file named like a picture is refused by its content.
  await page.getByLabel("Add a photo").setInputFiles({
    name: "grace.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture"),
  });
  await expectToast(page, "Please choose a photo (PNG, JPEG, GIF or WebP).");
  await page
    .getByLabel("Add a photo")
    .setInputFiles({ name: "grace.png", mimeType: "image/png", buffer: picture });
  await expectToast(page, "Photo saved");
  await expect(page.getByTestId("contact-photo")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("contact-photo")).toBeVisible();
  await page.goto("/app/contacts");
  const row = page.getByTestId("contact-row").filter({ hasText: "Grace Hopper" });
  await expect(row.getByTestId("contact-photo")).toBeVisible();

  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByRole("button", { name: "Remove photo" }).click();
  await expectToast(page, "Photo removed");
  await expect(page.getByTestId("contact-photo")).toHaveCount(0);
  await expect(page.getByLabel("Add a photo")).toBeFocused();
});
