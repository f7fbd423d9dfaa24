// The contact list's rows: a search shows its contacts, each row's link and button its own; a
// contact that stays on screen keeps its row and the focus, and the focus never lands on another
// contact's button.
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, test, daysAgo } from "./fixtures";
import { expectAppLive } from "./hydration";

// Twelve people on a weekly rhythm, each a day more overdue than the next: "next due" lists the
// most overdue first, and logging one moves them to the end of the list.
const PEOPLE = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Edsger Dijkstra",
  "Barbara Liskov",
  "Donald Knuth",
  "Frances Allen",
  "John Backus",
  "Margaret Hamilton",
  "Niklaus Wirth",
  "Radia Perlman",
  "Tony Hoare",
];

async function addPeople(page: Page): Promise<void> {
  for (const [i, name] of PEOPLE.entries()) {
    const [firstName, lastName] = name.split(" ");
    const res = await page.request.post("/api/contacts", {
      headers: { origin: BASE_URL },
      data: {
        firstName,
        lastName,
        rhythm: { interval: 1, unit: "week" },
        lastContactedOn: daysAgo(40 - i),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function openList(page: Page): Promise<void> {
  await page.goto("/app/contacts");
  await expect(page.getByTestId("contact-row").first()).toContainText("Ada Lovelace");
  await expectAppLive(page);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);

test("a search shows its contacts, each row's link and button its own", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await createUser(page);
  await addPeople(page);
  await openList(page);

  // Tony, the least overdue, is not among the rows drawn at this height.
  await expect(page.getByRole("link", { name: "Tony Hoare" })).toHaveCount(0);
  await page.getByLabel("Search contacts").fill("Hoare");
  await expect(page.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("listitem").first()).toContainText("Tony Hoare");
  const link = page.getByRole("link", { name: "Tony Hoare" });
  await expect(link).toHaveAttribute("href", /\/app\/contacts\/[\w-]+$/);

  // Clearing the search brings everyone back, in order, each row's link and button its own.
  await page.getByLabel("Search contacts").fill("");
  await expect(page.getByTestId("contact-row").first()).toContainText("Ada Lovelace");
  for (const row of await page.getByTestId("contact-row").all()) {
    const name = (await row.getByRole("link").textContent())!;
    await expect(row.getByRole("button", { name: /^Log contact with/ })).toHaveAttribute(
      "aria-label",
      `Log contact with ${name}`,
    );
  }
});

test("a logged contact's button keeps the focus while it is on screen", async ({ page }) => {
  // Tall enough that all twelve rows are drawn.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await createUser(page);
  await addPeople(page);
  await openList(page);
  const button = page.getByRole("button", { name: "Log contact with Ada Lovelace" });
  const element = await button.elementHandle();
  await button.focus();
  await page.keyboard.press("Enter");
  // Ada is now due in a week: last in the list, in the same row element, still focused.
  await expect(page.getByTestId("contact-row").last()).toContainText("Ada Lovelace");
  await expect(button).toBeFocused();
  expect(await element.evaluate((el) => el.isConnected)).toBe(true);
  expect(await focusedLabel(page)).toBe("Log contact with Ada Lovelace");
});

test("when a logged contact leaves the screen, the focus is on no one else's button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await createUser(page);
  await addPeople(page);
  await openList(page);
  await page.getByRole("button", { name: "Log contact with Ada Lovelace" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("contact-row").first()).toContainText("Grace Hopper");
  await expect(page.getByRole("button", { name: "Log contact with Ada Lovelace" })).toHaveCount(0);
  // Ada's row went with her: a second Enter must not log someone else.
  const label = await focusedLabel(page);
  expect(label === null || !label.startsWith("Log contact with")).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("contact-row").first()).toContainText("Grace Hopper");
});
