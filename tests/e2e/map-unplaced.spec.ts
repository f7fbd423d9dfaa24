// The world map's two lists of people who are not on it: those whose written place could not
// be found ("we couldn't place"), with the place as written and a way to fix it, apart from
// those with no place at all. Runs with the flat map (no WebGL): the lists do not depend on it.
import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  test,
  withoutWebGL,
} from "./fixtures";

async function addContact(page: Page, firstName: string, place: Record<string, unknown>) {
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName, lastName: "Test", ...place },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("people we couldn't place are named apart from those with no place, each with a fix", async ({
  page,
}) => {
  await withoutWebGL(page);
  await createUser(page);
  await addContact(page, "Ana", {
    city: "Lisbon",
    country: "Portugal",
    latitude: 38.72,
    longitude: -9.14,
  });
  await addContact(page, "Bram", { city: "Atlantis", country: "Narnia" });
  await addContact(page, "Cleo", { city: "Springfeld" });
  await addContact(page, "Dev", {});

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/map");
  // The list can take a while on a loaded machine; what matters is what it then shows.
  await expect(page.getByText("1 of 4 contacts on the map")).toBeVisible({ timeout: 30_000 });
  const unfound = page.getByTestId("unfound-summary");
  await expect(unfound).toHaveText("2 contacts we couldn't place — check their places");
  await expect(page.getByTestId("unplaced-summary")).toHaveText(
    "1 contact has no place yet — add one",
  );

  await unfound.click();
  const list = page.getByTestId("unfound-list");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("Bram Test: Atlantis, Narnia");
  await expect(list).toContainText("Cleo Test: Springfeld");
  await expect(list).not.toContainText("Dev");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessibleInBothThemes(page);

  await list.getByRole("link", { name: "Fix the place of Bram Test" }).click();
  await expect(page.getByRole("heading", { name: "Edit Bram Test" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/contacts\/[^?]+$/);
});
