// Contacts in the browser: add someone you last talked to a month ago (overdue on a weekly
// rhythm), log contact in one tap, and watch them move to on track, on the detail page and in
// the list.
import { BASE_URL, createUser, expect, expectNoAxeViolations, test } from "./fixtures";

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test("add a contact, log contact, and watch them move from overdue to on track", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/contacts");
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Add your first contact" }).click();
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Rhythm").selectOption({ label: "Weekly" });
  await page.getByLabel("Last in touch (optional)").fill(daysAgo(30));
  await page.getByLabel("Preferred way to get in touch").selectOption({ label: "Email" });
  await page.getByRole("textbox", { name: "Email 1", exact: true }).fill("ADA@example.com");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Add contact" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  const status = page.locator("[data-due-state]").first();
  await expect(status).toHaveText("Overdue");
  await expect(page.getByTestId("due-text")).toContainText("days overdue");
  await expect(page.getByRole("link", { name: "ada@example.com" })).toHaveAttribute(
    "href",
    "mailto:ada@example.com",
  );
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expectNoAxeViolations(page);

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

  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(page);
});
