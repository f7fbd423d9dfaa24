// Groups with a rhythm: a tag's rhythm moves everyone tagged without a rhythm of their own, the
// list and the Rhythms page say where a rhythm comes from, and one undo brings everyone back.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
} from "./fixtures";

type Contact = { id: string };

async function addContact(page: Page, data: Record<string, unknown>): Promise<Contact> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Contact;
}

const contactOf = async (page: Page, id: string) =>
  (await page.request.get(`/api/contacts/${id}`)).json();

test("a group's rhythm moves its followers on the list and the Rhythms page, and undoes at once", async ({
  page,
}) => {
  await createUser(page);
  const ada = await addContact(page, { firstName: "Ada", tags: ["Close friends"] });
  const bob = await addContact(page, { firstName: "Bob", tags: ["close friends", "Work"] });
  const cy = await addContact(page, {
    firstName: "Cy",
    tags: ["Close friends"],
    rhythm: { interval: 1, unit: "month" },
  });
  const before = await Promise.all([ada, bob, cy].map((c) => contactOf(page, c.id)));

  await page.goto("/app/rhythms");
  const groups = page.getByRole("region", { name: "Groups" });
  const row = groups.getByTestId("group-row").filter({ hasText: "Close friends" });
  await expect(row).toContainText("3 contacts · No group rhythm");
  // By keyboard: the row's button opens the form, whose rhythm picker has the focus next.
  await row.getByRole("button", { name: "Set rhythm for Close friends" }).focus();
  await page.keyboard.press("Enter");
  const picker = row.getByLabel("Rhythm for Close friends");
  await page.keyboard.press("Tab");
  await expect(picker).toBeFocused();
  await picker.selectOption({ label: "Every 2 weeks" });
  await expectAccessibleInBothThemes(page);
  await row.getByRole("button", { name: "Save group rhythm" }).click();

  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Change the rhythm of 2 contacts?");
  await expect(confirm).toContainText("2 contacts will follow Every 2 weeks (Close friends).");
  await expect(confirm).toContainText("1 contact with a rhythm of their own");
  await expectAccessibleInBothThemes(page);
  await confirm.getByRole("button", { name: "Apply to the group" }).click();
  await expectToast(page, "Close friends: Every 2 weeks");

  await expect(row).toContainText("3 contacts · Every 2 weeks, followed by 2");
  const due = page.getByRole("region", { name: /Upcoming/ });
  await expect(due.getByRole("listitem").filter({ hasText: "Ada" })).toContainText(
    "Every 2 weeks (Close friends)",
  );
  await expect(page.getByRole("listitem").filter({ hasText: "Cy" }).first()).toContainText(
    "Monthly",
  );

  // The contact list, reached in the app so the toast (and its Undo) stays.
  await page.getByRole("link", { name: "Contacts", exact: true }).first().click();
  const bobRow = page.getByTestId("contact-row").filter({ hasText: "Bob" });
  await expect(bobRow).toContainText("Every 2 weeks (Close friends)");
  await expect(page.getByTestId("contact-row").filter({ hasText: "Cy" })).not.toContainText(
    "Close friends)",
  );

  await toastUndo(page).click();
  await expectToast(page, "Undone");
  await expect(bobRow).not.toContainText("Every 2 weeks");
  expect(await Promise.all([ada, bob, cy].map((c) => contactOf(page, c.id)))).toEqual(before);

  await page.getByRole("link", { name: "Rhythms", exact: true }).first().click();
  await expect(page.getByTestId("group-row").filter({ hasText: "Close friends" })).toContainText(
    "No group rhythm",
  );
  await expect(
    page.getByRole("region", { name: /Without a rhythm/ }).getByRole("listitem"),
  ).toHaveCount(2);
});
