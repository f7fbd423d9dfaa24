// Households: put a contact in a household from their page, and one "Log contact" logs everyone
// who was there (all ticked by default), undone at once.
import type { Page } from "@playwright/test";
import { createUser, expect, expectAccessibleInBothThemes, expectToast, test } from "./fixtures";

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

    await page.getByRole("button", { name: "Undo", exact: true }).click();
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
