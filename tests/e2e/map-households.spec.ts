// A household on the world map: its people who live together are one marker whose card lists
// them all (each loggable, or all at once), while someone living elsewhere keeps their own marker
// and every count still counts people.
import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createUser,
  daysAgo,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  toastUndo,
  withoutWebGL,
} from "./fixtures";
import { renderedMarkers } from "./map-markers";

// Paris is in the start table: the globe opens there at zoom 3 (spec 02 §9).
test.use({ timezoneId: "Europe/Paris", locale: "en-US" });

const SHOTS = "/work/notes/shots-house";

async function addContact(page: Page, firstName: string, place: object, daysSince = 30) {
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName,
      lastName: "Carter",
      ...place,
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: daysAgo(daysSince),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function jumpTo(page: Page, center: [number, number], zoom: number) {
  await page.getByTestId("globe").evaluate(
    (el, view) => {
      const map = (el as unknown as { maplibreMap: { jumpTo: (o: object) => void } }).maplibreMap;
      map.jumpTo(view);
    },
    { center, zoom },
  );
}

for (const width of [390, 1280]) {
  test(`a household living together is one marker with everyone on its card at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createUser(page);
    // Jo is in Tend first: the marker stands at Jo's place; Sam lives 3 km away, Max in Lyon.
    const jo = await addContact(page, "Jo", { latitude: 48.8566, longitude: 2.3522 }, 3);
    const sam = await addContact(page, "Sam", { latitude: 48.8867, longitude: 2.3431 });
    const max = await addContact(page, "Max", {
      latitude: 45.764,
      longitude: 4.8357,
      city: "Lyon",
      country: "France",
    });
    const made = await page.request.post("/api/households", {
      headers: { origin: BASE_URL },
      data: { name: "The Carters", contactIds: [sam, jo, max] },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto("/app/map");
    const globe = page.getByTestId("globe");
    await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    await expect(page.getByText("3 of 3 contacts on the map")).toBeVisible();
    await jumpTo(page, [3.5, 47], 5);
    await expect
      .poll(async () => (await renderedMarkers(page)).map((m) => `${m.name}: ${m.count}`).sort())
      .toEqual(["Max Carter: 1", "The Carters (Jo and Sam): 2"]);
    // Everyone in view is listed one by one, and counted so.
    await expect(page.getByRole("heading", { name: "In view (3)" })).toBeVisible();
    const inView = page.getByTestId("in-view-list");
    await expect(inView.getByRole("listitem")).toHaveCount(3);

    // Far out, one cluster holds them all and counts the household's people.
    await jumpTo(page, [3.5, 47], 2);
    await expect.poll(async () => (await renderedMarkers(page)).map((m) => m.count)).toEqual([3]);
    await jumpTo(page, [3.5, 47], 5);

    // By keyboard from the in-view list: Sam's name opens the household's card.
    await inView.getByRole("button", { name: "Sam Carter" }).focus();
    await page.keyboard.press("Enter");
    const card = page.getByTestId("map-card");
    await expect(card.getByRole("heading", { name: "The Carters" })).toBeVisible();
    const people = card.getByRole("list", { name: "People in The Carters" });
    await expect(people.getByRole("listitem")).toHaveCount(2);
    await expect(people).toContainText("Jo Carter");
    await expect(people).toContainText("Sam Carter");
    await expect(people).not.toContainText("Max");
    await expect(people.getByRole("listitem").filter({ hasText: "Sam Carter" })).toContainText(
      "Overdue",
    );
    await expect(people.getByRole("listitem").filter({ hasText: "Jo Carter" })).toContainText(
      "On track",
    );
    await expectAccessibleInBothThemes(page);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `${SHOTS}/map-household-${width}-${theme}.png` });
    }
    await page.emulateMedia({ colorScheme: "light" });

    // A click on the marker opens the same card.
    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toHaveCount(0);
    const household = (await renderedMarkers(page)).find((m) => m.count === 2)!;
    await page.mouse.click(household.x, household.y);
    await expect(card.getByRole("heading", { name: "The Carters" })).toBeVisible();

    // One person alone, then everyone at once.
    const lastContact = async (id: string) =>
      (
        (await (await page.request.get(`/api/contacts/${id}`)).json()) as {
          lastContactedAt: string;
        }
      ).lastContactedAt;
    const maxBefore = await lastContact(max);
    await card.getByRole("button", { name: "Log contact with Sam Carter", exact: true }).click();
    await expectToast(page, "Logged contact with Sam Carter");
    await expect(people.getByRole("listitem").filter({ hasText: "Sam Carter" })).toContainText(
      "On track",
    );
    await toastUndo(page).click();
    await expectToast(page, "Undone");
    // Jo alone a moment before does not make everyone at once a repeat: Sam is logged too.
    await card.getByRole("button", { name: "Log contact with Jo Carter", exact: true }).click();
    await expectToast(page, "Logged contact with Jo Carter");
    await card.getByRole("button", { name: "Log contact with Jo Carter and Sam Carter" }).click();
    await expectToast(page, "Logged contact with Jo Carter and Sam Carter");
    const now = Date.now();
    for (const id of [jo, sam]) {
      await expect.poll(async () => now - Date.parse(await lastContact(id))).toBeLessThan(60_000);
    }
    expect(await lastContact(max)).toBe(maxBefore);

    // Travel mode counts people, the household's two among them.
    await page.goto("/app/map?near=Paris");
    await expect(page.getByTestId("travel-summary")).toContainText("2 people live within");
    await expect(page.getByTestId("travel-list").getByRole("listitem")).toHaveCount(2);
  });
}

for (const width of [390, 1280]) {
  test(`without WebGL, a household's marker on the flat map shows its count at ${width} px`, async ({
    page,
  }) => {
    // Axe in both themes and four screenshots on a software-drawn page.
    test.slow();
    await withoutWebGL(page);
    await page.setViewportSize({ width, height: 900 });
    await createUser(page);
    const jo = await addContact(page, "Jo", { latitude: 48.8566, longitude: 2.3522 }, 3);
    const sam = await addContact(page, "Sam", { latitude: 48.8867, longitude: 2.3431 });
    // Nothing clusters on the flat map: Max lives far enough away to be clicked on his own.
    const max = await addContact(page, "Max", { latitude: 40.7128, longitude: -74.006 });
    const made = await page.request.post("/api/households", {
      headers: { origin: BASE_URL },
      data: { name: "The Carters", contactIds: [sam, jo, max] },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto("/app/map");
    const flat = page.getByTestId("flat-map");
    await expect(flat).toBeVisible({ timeout: 30_000 });
    const markers = flat.getByTestId("flat-marker");
    await expect(markers).toHaveCount(2);
    const household = flat.getByRole("button", {
      name: "The Carters (Jo and Sam): household of 2 people",
      exact: true,
    });
    await expect(household.locator("text")).toHaveText("2");
    const max1 = flat.getByRole("button", { name: "Max Carter", exact: true });
    await expect(max1.locator("text")).toHaveCount(0);

    // Sized in screen pixels, so the count is readable on a phone; the household's ring is the
    // thicker one.
    const ring = async (marker: typeof household) => {
      const circle = marker.locator("circle").first();
      const box = (await circle.boundingBox())!;
      const stroke = Number(await circle.getAttribute("stroke-width"));
      const r = Number(await circle.getAttribute("r"));
      return { diameter: box.width, ringPx: (stroke / r) * (box.width / 2) };
    };
    const [house, single] = [await ring(household), await ring(max1)];
    expect(house.diameter).toBeGreaterThanOrEqual(24);
    expect(house.ringPx).toBeGreaterThan(single.ringPx * 1.5);

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await household.focus();
      await page.screenshot({ path: `${SHOTS}/flat-map-household-${width}-${theme}.png` });
    }
    await page.emulateMedia({ colorScheme: "light" });
    await expectAccessibleInBothThemes(page);

    // By keyboard, and by a click: the household's card.
    await household.focus();
    await page.keyboard.press("Enter");
    const card = page.getByTestId("map-card");
    await expect(card.getByRole("heading", { name: "The Carters" })).toBeVisible();
    await expect(
      card.getByRole("list", { name: "People in The Carters" }).getByRole("listitem"),
    ).toHaveCount(2);
    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toHaveCount(0);
    await household.click();
    await expect(card.getByRole("heading", { name: "The Carters" })).toBeVisible();
  });
}

test("the household's map card fits a 320 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await createUser(page);
  const jo = await addContact(page, "Jo", { latitude: 48.8566, longitude: 2.3522 });
  const sam = await addContact(page, "Samantha-Josephine", { latitude: 48.86, longitude: 2.35 });
  const made = await page.request.post("/api/households", {
    headers: { origin: BASE_URL },
    data: { name: "The Carter-Wellingtons of Montmartre", contactIds: [jo, sam] },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto("/app/map");
  await expect(page.getByTestId("globe")).toHaveAttribute("data-ready", "true", {
    timeout: 20_000,
  });
  await page.getByTestId("in-view-list").getByRole("button", { name: "Jo Carter" }).click();
  const card = page.getByTestId("map-card");
  await expect(card.getByRole("list", { name: /^People in/ }).getByRole("listitem")).toHaveCount(2);
  const noScroll = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noScroll).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/map-household-320-${theme}.png` });
  }
});
