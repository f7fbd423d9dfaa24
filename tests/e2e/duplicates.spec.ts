// Finding and merging duplicates: two copies of one person show on the Duplicates page with the
// reason, merge after a field-by-field preview into one contact with both histories, and one
// undo brings both back exactly; ticked groups merge in one go.
import type { Page } from "@playwright/test";
import {
  createUser,
  daysAgo,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
} from "./fixtures";
import { expectAppLive } from "./hydration";

type Contact = { id: string };

async function addContact(page: Page, data: Record<string, unknown>): Promise<Contact> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Contact;
}

async function logNote(page: Page, id: string, note: string) {
  const res = await page.request.post(`/api/contacts/${id}/interactions`, {
    data: { note, channel: "phone" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function stateOf(page: Page, id: string) {
  const contact = await (await page.request.get(`/api/contacts/${id}`)).json();
  const history = await (await page.request.get(`/api/contacts/${id}/interactions`)).json();
  return { contact, history };
}

test("two copies of a contact merge with a preview into one with both histories, and undo brings both back", async ({
  page,
}) => {
  await createUser(page);
  const first = await addContact(page, {
    firstName: "Bob",
    lastName: "Stone",
    emails: [{ value: "bob@example.com" }],
    company: "Acme",
    lastContactedOn: daysAgo(30),
  });
  await logNote(page, first.id, "Coffee at the station");
  const second = await addContact(page, {
    firstName: "Robert",
    lastName: "Stone",
    emails: [{ value: "BOB@example.com" }, { value: "rob@work.example" }],
    company: "Stone & Co",
    tags: ["Work"],
  });
  await logNote(page, second.id, "Call about the roof");
  const before = [await stateOf(page, first.id), await stateOf(page, second.id)];

  await page.goto("/app/contacts");
  await expectAppLive(page);
  await page.getByRole("link", { name: "Duplicates" }).click();
  await expect(page.getByRole("heading", { name: "Duplicates", level: 1 })).toBeVisible();
  const group = page.getByRole("listitem").filter({ hasText: "Same email: bob@example.com" });
  await expect(group.getByRole("heading", { name: "Bob Stone · Robert Stone" })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await group.getByRole("button", { name: "Review and merge" }).click();
  const dialog = page.getByRole("dialog", { name: "Merge 2 contacts" });
  await expect(dialog).toBeVisible();
  // Only the fields on which they differ are asked; the lists are combined in the preview.
  const firstName = dialog.getByRole("group", { name: "First name" });
  await firstName.getByRole("radio", { name: "Bob" }).check();
  await dialog.getByRole("group", { name: "Company" }).getByRole("radio", { name: "Acme" }).check();
  await expect(dialog.getByRole("group", { name: "Last name" })).toHaveCount(0);
  await expect(dialog.getByText("bob@example.com\nrob@work.example")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await dialog.getByRole("button", { name: "Merge into one" }).click();
  await expectToast(page, /Merged into Bob Stone/);
  await expect(page.getByText("No likely duplicates")).toBeVisible();

  // The toast outlives the page: go to the one Bob through the app and undo from there.
  await page.getByRole("link", { name: "Contacts", exact: true }).first().click();
  await page
    .getByRole("link", { name: /Bob Stone/ })
    .first()
    .click();
  await expect(page.getByText("Coffee at the station")).toBeVisible();
  await expect(page.getByText("Call about the roof")).toBeVisible();
  await expect(page.getByText("rob@work.example")).toBeVisible();
  await toastUndo(page).click();
  await expectToast(page, "Undone");
  expect([await stateOf(page, first.id), await stateOf(page, second.id)]).toEqual(before);

  await page.goto("/app/contacts/duplicates");
  await expect(page.getByRole("heading", { name: "Bob Stone · Robert Stone" })).toBeVisible();
});

test("ticked groups merge in one go with the default choices, and one undo restores them all", async ({
  page,
}) => {
  await createUser(page);
  const ids: string[] = [];
  for (const name of ["Ann", "Ben"]) {
    for (const city of ["Leeds", "Leeds"]) {
      ids.push((await addContact(page, { firstName: name, lastName: "Pair", city })).id);
    }
  }
  await page.goto("/app/contacts/duplicates");
  await expectAppLive(page);
  await page.getByRole("checkbox", { name: "Tick Ann Pair and Ann Pair to merge" }).check();
  await page.getByRole("checkbox", { name: "Tick Ben Pair and Ben Pair to merge" }).check();
  await page.getByRole("button", { name: "Merge ticked (2)" }).click();
  await expectToast(page, "Merged 2 groups");
  await expect(page.getByText("No likely duplicates")).toBeVisible();
  const left = await Promise.all(ids.map((id) => page.request.get(`/api/contacts/${id}`)));
  expect(left.filter((res) => res.ok())).toHaveLength(2);
  await toastUndo(page).click();
  await expectToast(page, "Undone");
  await expect(page.getByRole("checkbox")).toHaveCount(2);
});
