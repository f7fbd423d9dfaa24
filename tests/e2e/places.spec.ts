// Places in the browser: a contact's place chosen by typing a few letters (the location search
// of spec 02 §5), its coordinates filled, the preview map drawn, all by keyboard as well as by
// mouse, and no request leaving this machine.
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, expectAccessibleInBothThemes, test } from "./fixtures";

function recordOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (!["localhost", "127.0.0.1"].includes(url.hostname)) outside.push(request.url());
  });
  return outside;
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

test("adding a contact by typing 'Lisb' and choosing Lisbon fills the place and shows the map", async ({
  page,
}) => {
  const outside = recordOutsideRequests(page);
  await createUser(page);
  await page.goto("/app/contacts/new");
  await page.getByLabel("First name").fill("Fernando");
  await page.getByLabel("Last name").fill("Pessoa");

  const search = page.getByRole("combobox", { name: "Search for a place" });
  await search.fill("Li");
  // Two letters are not enough to ask.
  await page.waitForTimeout(400);
  await expect(page.getByRole("listbox", { name: "Suggested places" })).toBeHidden();
  await search.fill("Lisb");
  const options = page.getByRole("listbox", { name: "Suggested places" }).getByRole("option");
  await expect(options.first()).toContainText("Lisbon");
  await expect(options.first()).toContainText("Portugal");
  expect(await options.count()).toBeLessThanOrEqual(5);
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expectAccessibleInBothThemes(page);
  await options.first().click();

  await expect(search).toHaveValue("Lisbon, Portugal");
  await expect(page.getByRole("listbox", { name: "Suggested places" })).toBeHidden();
  await expect(page.getByLabel("City")).toHaveValue("Lisbon");
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Portugal");
  await expect(page.getByLabel("Country code")).toHaveValue("PT");
  await page.getByText("Enter coordinates").click();
  await expect(page.getByLabel("Latitude")).toHaveValue("38.71667");
  await expect(page.getByLabel("Longitude")).toHaveValue("-9.13333");
  const preview = page.getByRole("img", { name: "Map of Lisbon, Portugal" });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);
  await expectAccessibleInBothThemes(page);

  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fernando Pessoa" })).toBeVisible();
  // The place is named; its coordinates are what the map needs, not a line to read.
  await expect(page.getByText("38.71667, -9.13333")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Map of Lisbon, Portugal" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
  }
  expect(outside).toEqual([]);
});

test("the place search works by keyboard, and blurring with suggestions open asks to choose", async ({
  page,
}) => {
  const outside = recordOutsideRequests(page);
  await createUser(page);
  await page.goto("/app/contacts/new");
  const search = page.getByRole("combobox", { name: "Search for a place" });
  await search.click();
  await page.keyboard.type("sao pau");
  const options = page.getByRole("listbox", { name: "Suggested places" }).getByRole("option");
  await expect(options.first()).toContainText("São Paulo");
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", /option-0$/);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox", { name: "Suggested places" })).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  // Typing again reopens the list; Enter chooses the highlighted place, not the form.
  await page.keyboard.type("l");
  await expect(options.first()).toContainText("São Paulo");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(search).toHaveValue("São Paulo, Brazil");
  await expect(page.getByLabel("Country code")).toHaveValue("BR");
  await expect(page).toHaveURL(/\/app\/contacts\/new$/);

  // Leaving the field with suggestions open: the spec's message and a way to keep the text.
  await search.fill("Germ");
  await expect(options.first()).toContainText("Germany");
  await page.keyboard.press("Tab");
  await expect(
    page.getByText("Please choose from the list or confirm this is correct."),
  ).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Confirmed free text that names a country is a country: city and region are cleared.
  await search.fill("Deutschland");
  await expect(options.first()).toContainText("Germany");
  await search.blur();
  await page.getByRole("button", { name: "Use “Deutschland”" }).click();
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Germany");
  await expect(page.getByLabel("Country code")).toHaveValue("DE");
  await expect(page.getByLabel("City")).toHaveValue("");
  await expect(page.getByLabel("Region or state")).toHaveValue("");

  // Other free text is a city, with no coordinates guessed.
  await search.fill("Smallville Farm");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("City")).toHaveValue("Smallville Farm");
  await expect(page.getByLabel("Country code")).toHaveValue("DE");
  await page.getByText("Enter coordinates").click();
  await expect(page.getByLabel("Latitude")).toHaveValue("");

  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill("new york");
  await expect(options.first()).toContainText("New York City");
  await expectNoHorizontalScroll(page);
  expect(outside).toEqual([]);
});

test("a contact with a place shows the preview on its page; the map API is for signed-in users", async ({
  page,
}) => {
  await createUser(page);
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName: "Greta",
      city: "Zürich",
      country: "Switzerland",
      latitude: 47.36667,
      longitude: 8.55,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/app/contacts/${id}`);
  const preview = page.getByRole("img", { name: "Map of Zürich, Switzerland" });
  await expect(preview).toBeVisible();
  // A town among its neighbours, named on the map.
  await expect(preview).toHaveAttribute("src", /zoom=10/);
  const svg = await (await page.request.get((await preview.getAttribute("src"))!)).text();
  expect(svg).toMatch(/<text class="at-pin"[^>]*>Zürich<\/text>/);
  expect(svg).toMatch(/<text class="near"/);
  await page.request.post("/api/auth/sign-out", { headers: { origin: BASE_URL }, data: {} });
  const signedOut = await page.request.get("/api/map/static.svg?lat=47.36667&lng=8.55");
  expect(signedOut.status()).toBe(401);
});
