// Households: put a contact in a household from their page, and one "Log contact" logs everyone
// who was there (all ticked by default), undone at once.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
} from "./fixtures";

type Contact = { id: string; lastContactedAt: string | null };

async function addContact(page: Page, data: Record<string, unknown>): Promise<Contact> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Contact;
}

const contactOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/contacts/${id}`)).json()) as Contact;

for (const width of [390, 1280]) {
  test(`a household made on a contact page is logged together with one tap at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createUser(page);
    const sam = await addContact(page, { firstName: "Sam", lastName: "Carter" });
    const jo = await addContact(page, { firstName: "Jo", lastName: "Carter" });

    await page.goto(`/app/contacts/${sam.id}`);
    const card = page.getByRole("region", { name: "Household" });
    await card.getByRole("button", { name: "Add to a household" }).click();
    await expect(card.getByLabel("Household name")).toHaveValue("The Carters");
    await card.getByLabel("Find a contact to add").fill("jo");
    await card.getByLabel("Jo Carter").check();
    await expectAccessibleInBothThemes(page);
    await card.getByRole("button", { name: "Save household" }).click();
    await expectToast(page, "Sam Carter is in The Carters");
    await expect(card.getByTestId("household-name")).toHaveText("The Carters");
    await expect(card.getByRole("link", { name: "Jo Carter" })).toBeVisible();

    const present = page.getByRole("group", { name: "Who else was there" });
    await expect(present.getByLabel("Jo Carter")).toBeChecked();
    await expectAccessibleInBothThemes(page);
    await page.screenshot({ path: `.tmp/households-${width}-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: `.tmp/households-${width}-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });
    const noScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(noScroll).toBe(true);

    await page.getByRole("button", { name: "Log contact with Sam Carter" }).click();
    await expectToast(page, "Logged contact with Sam Carter and Jo Carter");
    expect((await contactOf(page, sam.id)).lastContactedAt).not.toBeNull();
    expect((await contactOf(page, jo.id)).lastContactedAt).not.toBeNull();

    await toastUndo(page).click();
    await expectToast(page, "Undone");
    expect((await contactOf(page, sam.id)).lastContactedAt).toBeNull();
    expect((await contactOf(page, jo.id)).lastContactedAt).toBeNull();

    // On Jo's page, by link: the household is there too.
    await card.getByRole("link", { name: "Jo Carter" }).click();
    await expect(page.getByRole("heading", { name: "Jo Carter", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Household" }).getByRole("link", { name: "Sam Carter" }),
    ).toBeVisible();
  });
}

const SHOTS = "/work/notes/shots-house";

async function makeHousehold(page: Page, name: string, contactIds: string[]) {
  const res = await page.request.post("/api/households", { data: { name, contactIds } });
  expect(res.status(), await res.text()).toBe(201);
}

async function expectNoSideScroll(page: Page) {
  const noScroll = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noScroll).toBe(true);
}

async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

for (const width of [320, 390, 1280]) {
  test(`a household is renamed and grows from a member's page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await createUser(page);
    const sam = await addContact(page, { firstName: "Sam", lastName: "Carter" });
    const jo = await addContact(page, { firstName: "Jo", lastName: "Carter" });
    await addContact(page, { firstName: "Max", lastName: "Carter" });
    const eve = await addContact(page, { firstName: "Eve", lastName: "Smith" });
    await makeHousehold(page, "The Carters", [sam.id, jo.id]);
    await makeHousehold(page, "The Smiths", [eve.id]);

    await page.goto(`/app/contacts/${sam.id}`);
    const card = page.getByRole("region", { name: "Household" });
    await expect(card.getByTestId("household-name")).toHaveText("The Carters");

    // Rename: an empty name is refused in words, then the new one shows.
    const rename = card.getByRole("button", { name: "Rename" });
    await rename.click();
    const name = card.getByLabel("Household name");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("The Carters");
    await name.fill("  ");
    await card.getByRole("button", { name: "Save name" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Give the household a name, like “The Carters”.",
    );
    await card.scrollIntoViewIfNeeded();
    if (width !== 320) await expectAccessibleInBothThemes(page);
    await expectNoSideScroll(page);
    await shoot(page, `household-rename-${width}`);
    await name.fill("The Carter-Wellingtons of Montmartre");
    await expect(card.getByRole("alert")).toHaveCount(0);
    await card.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "The Carters is now The Carter-Wellingtons of Montmartre");
    await expect(card.getByTestId("household-name")).toHaveText(
      "The Carter-Wellingtons of Montmartre",
    );
    await expect(rename).toBeFocused();

    // Add people: someone in another household is refused with the server's words.
    await card.getByRole("button", { name: "Add people" }).click();
    const search = card.getByLabel("Find a contact to add");
    await expect(search).toBeFocused();
    await search.fill("eve");
    await card.getByLabel("Eve Smith (in The Smiths)").check();
    await card.getByRole("button", { name: "Add to household" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Eve Smith is already in The Smiths. Take them out of it first.",
    );
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `household-add-refused-${width}`);
    // Unticked, Eve leaves the list (the search is empty).
    await card.getByLabel("Eve Smith").click();
    await expect(card.getByRole("alert")).toHaveCount(0);
    await search.fill("max");
    await card.getByLabel("Max Carter").check();
    await expect(search).toHaveValue("");
    await card.scrollIntoViewIfNeeded();
    if (width !== 320) await expectAccessibleInBothThemes(page);
    await expectNoSideScroll(page);
    await shoot(page, `household-add-${width}`);
    await card.getByRole("button", { name: "Add to household" }).click();
    await expectToast(page, "Max Carter joined The Carter-Wellingtons of Montmartre");
    await expect(card.getByRole("link", { name: "Max Carter" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Jo Carter" })).toBeVisible();
    const households = (await (await page.request.get("/api/households")).json()) as {
      items: { name: string; members: { name: string }[] }[];
    };
    expect(
      households.items.map((h) => `${h.name}: ${h.members.map((m) => m.name).join(", ")}`),
    ).toEqual([
      "The Carter-Wellingtons of Montmartre: Jo Carter, Max Carter, Sam Carter",
      "The Smiths: Eve Smith",
    ]);
  });
}

test("leaving a household on a phone shows its toast, and Undo puts the contact back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createUser(page);
  const sam = await addContact(page, { firstName: "Sam", lastName: "Carter" });
  const jo = await addContact(page, { firstName: "Jo", lastName: "Carter" });
  const eve = await addContact(page, { firstName: "Eve", lastName: "Stone" });
  for (const data of [
    { name: "The Carters", contactIds: [sam.id, jo.id] },
    { name: "Eve's place", contactIds: [eve.id] },
  ]) {
    const made = await page.request.post("/api/households", { data });
    expect(made.status(), await made.text()).toBe(201);
  }
  const householdsNow = async () =>
    (
      (await (await page.request.get("/api/households")).json()) as {
        items: { name: string; members: { id: string }[] }[];
      }
    ).items
      .map((h) => `${h.name}: ${h.members.length}`)
      .sort();

  // Sam leaves; Jo stays in The Carters.
  await page.goto(`/app/contacts/${sam.id}`);
  const card = page.getByRole("region", { name: "Household" });
  await card.getByRole("button", { name: "Leave The Carters" }).click();
  await expectToast(page, "Sam Carter left The Carters");
  await expect(card.getByRole("button", { name: "Add to a household" })).toBeVisible();
  expect(await householdsNow()).toEqual(["Eve's place: 1", "The Carters: 1"]);
  await toastUndo(page).click();
  await expectToast(page, "Undone");
  await expect(card.getByTestId("household-name")).toHaveText("The Carters");
  await expect(card.getByRole("link", { name: "Jo Carter" })).toBeVisible();
  expect(await householdsNow()).toEqual(["Eve's place: 1", "The Carters: 2"]);

  // The last one out: the household goes, and Undo makes it again.
  await page.goto(`/app/contacts/${eve.id}`);
  await card.getByRole("button", { name: "Leave Eve's place" }).click();
  await expectToast(page, "Eve Stone left Eve's place");
  await expect(card.getByRole("button", { name: "Add to a household" })).toBeVisible();
  expect(await householdsNow()).toEqual(["The Carters: 2"]);
  await toastUndo(page).click();
  await expectToast(page, "Undone");
  await expect(card.getByTestId("household-name")).toHaveText("Eve's place");
  expect(await householdsNow()).toEqual(["Eve's place: 1", "The Carters: 2"]);
});
