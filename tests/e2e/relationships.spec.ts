// Relationships: link two contacts from one's page, read the link from both sides, remove it
// and bring it back with Undo.
import type { Page } from "@playwright/test";
import { RELATIONSHIP_TYPE_MESSAGE } from "../../src/core/relationships";
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
} from "./fixtures";

async function addContact(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string };
}

async function expectNoHorizontalScroll(page: Page) {
  const fits = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(fits).toBe(true);
}

for (const width of [390, 1280]) {
  test(`a relationship added on a contact page reads from both sides at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createUser(page);
    const sam = await addContact(page, { firstName: "Sam" });
    const jo = await addContact(page, { firstName: "Jo" });

    await page.goto(`/app/contacts/${sam.id}`);
    const card = page.getByRole("region", { name: "Relationships" });
    await expect(card.getByText("No relationships yet.")).toBeVisible();
    await card.getByRole("button", { name: "Add relationship" }).click();

    // Without a type the API's own words say what is missing.
    const person = card.getByRole("combobox", { name: "Person" });
    await person.fill("j");
    await card.getByRole("option", { name: "Jo" }).click();
    await expect(person).toHaveValue("Jo");
    await card.getByRole("button", { name: "Save relationship" }).click();
    await expect(card.getByRole("alert")).toHaveText(RELATIONSHIP_TYPE_MESSAGE);

    await card.getByLabel("They are this contact's…").fill("partner");
    await expectAccessibleInBothThemes(page);
    await card.getByRole("button", { name: "Save relationship" }).click();
    await expectToast(page, "Relationship added");
    const line = card.getByTestId("relationship-line");
    await expect(line).toHaveText("Jo — Sam’s partner");
    await expectAccessibleInBothThemes(page);
    await page.screenshot({ path: `.tmp/relationships-${width}-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: `.tmp/relationships-${width}-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });
    await expectNoHorizontalScroll(page);

    // Jo's page, by the link: the same relationship from Jo's side.
    await line.getByRole("link", { name: "Jo" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/contacts/${jo.id}$`));
    await expect(page.getByRole("heading", { name: "Jo", level: 1 })).toBeVisible();
    await expect(card.getByTestId("relationship-line")).toHaveText("Sam — Jo’s partner");

    // Removed, then back with Undo.
    await card.getByRole("button", { name: "Remove Sam — Jo’s partner" }).click();
    await expectToast(page, "Relationship removed");
    await expect(card.getByText("No relationships yet.")).toBeVisible();
    await toastUndo(page).click();
    await expectToast(page, "Undone");
    await expect(card.getByTestId("relationship-line")).toHaveText("Sam — Jo’s partner");

    // An archived person is still linked, and shown as archived.
    const archived = await page.request.post(`/api/contacts/${sam.id}/archive`);
    expect(archived.ok(), await archived.text()).toBeTruthy();
    await page.reload();
    await expect(card.getByTestId("relationship-line")).toHaveText("Sam — Jo’s partner archived");
  });
}

test("the relationships card fits a 320 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await createUser(page);
  const sam = await addContact(page, { firstName: "Samantha", lastName: "Longname-Carter" });
  const jo = await addContact(page, { firstName: "Josephine", lastName: "Longname-Carter" });
  const res = await page.request.post(`/api/contacts/${sam.id}/relationships`, {
    data: { relatedContactId: jo.id, type: "sister-in-law twice removed" },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(`/app/contacts/${sam.id}`);
  const card = page.getByRole("region", { name: "Relationships" });
  await expect(card.getByTestId("relationship-line")).toContainText("Josephine Longname-Carter");
  await card.getByRole("button", { name: "Add relationship" }).click();
  await expectNoHorizontalScroll(page);
  const remove = card.getByRole("button", { name: /^Remove / });
  expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});
