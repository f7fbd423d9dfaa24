// The world map in Chromium (the "map" Playwright project): the offline globe with nothing
// fetched from outside, contacts as state-coloured markers and clusters, the card with
// "Log contact", the theme, and the flat map without WebGL.
import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectNoAxeViolations,
  expectToast,
  test,
  daysAgo,
  withoutWebGL,
} from "./fixtures";
import { renderedMarkers } from "./map-markers";

// Paris is in the start table: the globe opens there at zoom 3 (spec 02 §9).
test.use({ timezoneId: "Europe/Paris", locale: "en-US" });

type Place = { latitude?: number; longitude?: number; city?: string; country?: string };

async function addContact(
  page: Page,
  firstName: string,
  lastName: string,
  place: Place,
  rhythm: { interval: number; unit: string } | null = { interval: 1, unit: "week" },
) {
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName,
      lastName,
      ...place,
      rhythm,
      lastContactedOn: daysAgo(30),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Every request that leaves localhost (data: and blob: URLs stay in the page). */
function recordOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).hostname !== "localhost") outside.push(url);
  });
  return outside;
}

async function mapZoom(page: Page): Promise<number> {
  return page
    .getByTestId("globe")
    .evaluate((el) =>
      (el as unknown as { maplibreMap: { getZoom: () => number } }).maplibreMap.getZoom(),
    );
}

async function mapCentre(page: Page): Promise<{ lng: number; lat: number; zoom: number }> {
  return page.getByTestId("globe").evaluate((el) => {
    const map = (
      el as unknown as {
        maplibreMap: { getCenter: () => { lng: number; lat: number }; getZoom: () => number };
      }
    ).maplibreMap;
    const { lng, lat } = map.getCenter();
    return { lng, lat, zoom: map.getZoom() };
  });
}

/** Whether the globe is centred on a point (to a tenth of a degree) at travel mode's zoom 6. */
async function isCentredOn(page: Page, lng: number, lat: number): Promise<boolean> {
  const at = await mapCentre(page);
  return Math.abs(at.lng - lng) < 0.1 && Math.abs(at.lat - lat) < 0.1 && Math.round(at.zoom) === 6;
}

test("the offline globe: markers, clusters, the card, Log contact and the theme", async ({
  page,
}) => {
  const outside = recordOutsideRequests(page);
  await createUser(page);
  await addContact(page, "Claire", "Dubois", { latitude: 48.8566, longitude: 2.3522 });
  await addContact(page, "Marc", "Lefèvre", { latitude: 48.87, longitude: 2.37 });
  await addContact(page, "Ana", "Silva", {
    latitude: 38.7223,
    longitude: -9.1393,
    city: "Lisbon",
    country: "Portugal",
  });
  await addContact(page, "Nadia", "Nowhere", {});

  await page.goto("/app");
  await page.getByRole("link", { name: "World Map" }).first().click();
  await expect(page).toHaveURL(/\/app\/map$/);
  await expect(page).toHaveTitle("World Map · Tend");
  await expect(page.getByRole("heading", { level: 1, name: "World Map" })).toBeVisible();
  const globe = page.getByTestId("globe");
  await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect(globe).toHaveAttribute("data-basemap", "light");
  await expect(page.getByText("3 of 4 contacts on the map")).toBeVisible();
  // The countries the globe draws never jump across the world at the antimeridian (Russia's did,
  // a band around the North Pole) and stop at ±85°; Antarctica's ring is closed by its pole.
  const outline = await globe.evaluate(async (el) => {
    type Source = { getData: () => Promise<GeoJSON.FeatureCollection> };
    const map = (el as unknown as { maplibreMap: { getSource: (id: string) => Source } })
      .maplibreMap;
    const data = await map.getSource("countries").getData();
    const across: string[] = [];
    let maxLatitude = 0;
    for (const { geometry, properties } of data.features) {
      const polygons =
        geometry.type === "Polygon"
          ? [geometry.coordinates]
          : geometry.type === "MultiPolygon"
            ? geometry.coordinates
            : [];
      for (const ring of polygons.flat()) {
        for (const p of ring) maxLatitude = Math.max(maxLatitude, Math.abs(p[1]!));
        if (ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180))
          across.push(String(properties?.name));
      }
    }
    return { across, maxLatitude };
  });
  expect(outline).toEqual({ across: ["Antarctica"], maxLatitude: 85 });

  // Markers only for the three with a place; the two in Paris share a cluster at zoom 3.
  await expect.poll(async () => (await renderedMarkers(page)).length).toBe(2);
  const markers = await renderedMarkers(page);
  expect(markers.map((m) => m.count).sort()).toEqual([1, 2]);
  expect(markers.find((m) => m.count === 1)?.name).toBe("Ana Silva");
  await expect(page.getByTestId("unplaced-summary")).toHaveText(
    "1 contact has no place yet — add one",
  );
  const inView = page.getByTestId("in-view-list");
  await expect(inView.getByRole("listitem")).toHaveCount(3);
  await expect(inView).not.toContainText("Nadia");

  // The country under the pointer is named.
  const box = (await globe.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 40);
  await expect(page.getByTestId("country-name")).toHaveText("France");

  // A cluster click zooms in until it splits.
  const cluster = markers.find((m) => m.count === 2)!;
  const zoomBefore = await mapZoom(page);
  await page.mouse.click(cluster.x, cluster.y);
  await expect.poll(() => mapZoom(page)).toBeGreaterThan(zoomBefore + 1);
  await expect
    .poll(async () => (await renderedMarkers(page)).some((m) => m.name === "Claire Dubois"))
    .toBe(true);

  // A marker click opens the card; "Log contact" moves Claire from overdue to on track.
  await page.waitForTimeout(500); // let the zoom animation settle before aiming
  const claire = (await renderedMarkers(page)).find((m) => m.name === "Claire Dubois")!;
  await page.mouse.click(claire.x, claire.y);
  const card = page.getByTestId("map-card");
  await expect(card.getByRole("heading", { name: "Claire Dubois" })).toBeVisible();
  await expect(card.getByTestId("local-time")).toContainText("(Paris time)");
  await expect(card.locator("[data-due-state]")).toHaveText("Overdue");
  await expect(card).toContainText("Last contact");
  await expect(card.getByRole("link", { name: "Open contact" })).toHaveAttribute(
    "href",
    /\/app\/contacts\/.+/,
  );
  await expectAccessibleInBothThemes(page);
  await card.getByRole("button", { name: "Log contact with Claire Dubois" }).click();
  await expectToast(page, "Logged contact with Claire Dubois");
  await expect(card.locator("[data-due-state]")).toHaveText("On track");

  // The theme switch changes the basemap.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(globe).toHaveAttribute("data-basemap", "dark");
  const ocean = await globe.evaluate((el) =>
    (
      el as unknown as { maplibreMap: { getPaintProperty: (l: string, p: string) => unknown } }
    ).maplibreMap.getPaintProperty("background", "background-color"),
  );
  expect(ocean).toBe("#0f172a");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(globe).toHaveAttribute("data-basemap", "light");

  expect(outside, "requests that left localhost").toEqual([]);
});

test("without WebGL: the spec's message and a flat map with the contacts", async ({ page }) => {
  await withoutWebGL(page);
  const outside = recordOutsideRequests(page);
  await createUser(page);
  await addContact(page, "Ana", "Silva", { latitude: 38.7223, longitude: -9.1393 });
  await addContact(page, "Kenji", "Sato", { latitude: 35.6895, longitude: 139.6917 });
  await addContact(page, "Nadia", "Nowhere", {});

  await page.goto("/app/map");
  await expect(page.getByText("Your browser does not support Mapbox GL")).toBeVisible();
  await expect(page.getByTestId("flat-map")).toBeVisible();
  await expect(page.getByTestId("flat-marker")).toHaveCount(2);
  await expect(page.getByTestId("globe")).toHaveCount(0);
  await page.getByRole("button", { name: "Kenji Sato" }).first().click();
  await expect(page.getByTestId("map-card").getByTestId("local-time")).toContainText(
    "(Tokyo time)",
  );
  await expectNoAxeViolations(page);
  expect(outside).toEqual([]);
});

test("on a phone the in-view list holds who is on screen, not everyone on that side of the globe", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createUser(page);
  await addContact(page, "Yuri", "Anadyr", { latitude: 64.73, longitude: 177.5 });
  await addContact(page, "Ana", "Silva", { latitude: 38.7223, longitude: -9.1393 });
  await page.goto("/app/map");
  const globe = page.getByTestId("globe");
  await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  // Over the Bering Strait at zoom 2: Lisbon is on the near side of the globe (8,700 km away) but
  // far off the edge of a 358-pixel map.
  await globe.evaluate((el) => {
    const map = (el as unknown as { maplibreMap: { jumpTo: (o: object) => void } }).maplibreMap;
    map.jumpTo({ center: [175, 62], zoom: 2 });
  });
  const inView = page.getByTestId("in-view-list");
  await expect(inView.getByRole("listitem")).toHaveCount(1);
  await expect(inView).toContainText("Yuri Anadyr");
  // Over Portugal, Anadyr is behind the globe and Lisbon on screen.
  await globe.evaluate((el) => {
    const map = (el as unknown as { maplibreMap: { jumpTo: (o: object) => void } }).maplibreMap;
    map.jumpTo({ center: [-9, 39], zoom: 2 });
  });
  await expect(inView.getByRole("listitem")).toHaveCount(1);
  await expect(inView).toContainText("Ana Silva");
});

test.describe("a start far from every contact", () => {
  // Lisbon is not among the spec's 11 zones, so the language's country (the United States)
  // places the first view, an ocean away from everyone this user knows.
  test.use({ timezoneId: "Europe/Lisbon", locale: "en-US" });

  test("the map moves to show the contacts when the spec's start holds none of them", async ({
    page,
  }) => {
    await createUser(page);
    await addContact(page, "Ana", "Silva", { latitude: 38.7223, longitude: -9.1393 });
    await addContact(page, "Rui", "Costa", { latitude: 41.1579, longitude: -8.6291 });
    await page.goto("/app/map");
    const globe = page.getByTestId("globe");
    await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "In view (2)" })).toBeVisible();
    const centre = await mapCentre(page);
    expect(Math.abs(centre.lng - -8.9)).toBeLessThan(2);
    expect(Math.abs(centre.lat - 40)).toBeLessThan(2);

    // Moved by the user, the view stays where they put it.
    await globe.evaluate((el) => {
      const map = (el as unknown as { maplibreMap: { jumpTo: (o: object) => void } }).maplibreMap;
      map.jumpTo({ center: [-98, 39], zoom: 4 });
    });
    await expect(page.getByRole("heading", { name: "In view (0)" })).toBeVisible();
  });
});

test("/map leads to the world map", async ({ page }) => {
  await createUser(page);
  await page.goto("/map");
  await expect(page).toHaveURL(/\/app\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "World Map" })).toBeVisible();
});

test("travel mode near Lisbon lists who lives within the radius, nearest first", async ({
  page,
}) => {
  await createUser(page);
  await addContact(page, "Pedro", "Porto", { latitude: 41.1496, longitude: -8.611 });
  await addContact(page, "Miguel", "Madrid", { latitude: 40.4168, longitude: -3.7038 });
  await addContact(page, "Ana", "Silva", { latitude: 38.7223, longitude: -9.1393 });
  await addContact(page, "Sara", "Sintra", { latitude: 38.8029, longitude: -9.3817 });
  await addContact(page, "Rui", "Restelo", { latitude: 38.7, longitude: -9.2 }, null);

  await page.goto("/app/map?near=Lisbon");
  // The globe opens at its start position (Paris, zoom 3) and flies to Lisbon by itself.
  const globe = page.getByTestId("globe");
  await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect.poll(() => isCentredOn(page, -9.1393, 38.7223), { timeout: 10_000 }).toBe(true);
  const list = page.getByTestId("travel-list");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").nth(0)).toContainText("Ana Silva");
  await expect(list.getByRole("listitem").nth(2)).toContainText("Sara Sintra");
  await expect(page.getByTestId("travel-summary")).toContainText("2 are due");
  // Someone with no rhythm has no due date to snooze: the way to give them one instead.
  const rui = list.getByRole("listitem").nth(1);
  await expect(rui).toContainText("Rui Restelo");
  await expect(rui.getByRole("button")).toHaveCount(0);
  await expect(rui.getByRole("link", { name: "Give Rui Restelo a rhythm" })).toBeVisible();

  await page.getByLabel(/^Within \d+ km$/).fill("300");
  await expect(page.getByText("Within 300 km", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(4);
  const names = await list.getByRole("listitem").locator("span.font-medium").allTextContents();
  expect(names).toEqual(["Ana Silva", "Rui Restelo", "Sara Sintra", "Pedro Porto"]);
  await expect(list).not.toContainText("Miguel");

  await list.getByRole("button", { name: "Snooze Ana Silva until I'm back" }).click();
  await expectToast(page, /Ana Silva snoozed until/);
  await expect(list.getByRole("listitem").nth(0).locator("[data-due-state]")).not.toHaveText(
    "Overdue",
  );
  await expectNoAxeViolations(page);
});

test("with reduced motion, travel mode's place is a jump, not a flight", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await createUser(page);
  await addContact(page, "Pedro", "Porto", { latitude: 41.1496, longitude: -8.611 });

  await page.goto("/app/map?near=Lisbon");
  await expect(page.getByTestId("globe")).toHaveAttribute("data-ready", "true", {
    timeout: 20_000,
  });
  await expect.poll(() => isCentredOn(page, -9.1393, 38.7223), { timeout: 10_000 }).toBe(true);

  // A place picked in the search box: the globe is only ever where it was or where it goes (a
  // flight passes through every point between, one per frame).
  await page.getByTestId("globe").evaluate((el) => {
    const holder = el as unknown as {
      maplibreMap: {
        on: (type: string, listener: () => void) => void;
        getCenter: () => { lng: number; lat: number };
      };
      seen: { lng: number; lat: number }[];
    };
    holder.seen = [];
    holder.maplibreMap.on("move", () => holder.seen.push(holder.maplibreMap.getCenter()));
  });
  await page.getByRole("combobox", { name: "Where are you going?" }).fill("Porto");
  await page
    .getByRole("option", { name: /Porto, .*Portugal/ })
    .first()
    .click();
  await expect(page).toHaveURL(/near=Porto/);
  await expect.poll(() => isCentredOn(page, -8.611, 41.1496)).toBe(true);
  const seen = await page
    .getByTestId("globe")
    .evaluate((el) => (el as unknown as { seen: { lng: number; lat: number }[] }).seen);
  expect(seen.length).toBeGreaterThan(0);
  const between = seen.filter(
    (c) =>
      !(Math.abs(c.lng + 9.1393) < 0.1 && Math.abs(c.lat - 38.7223) < 0.1) &&
      !(Math.abs(c.lng + 8.611) < 0.1 && Math.abs(c.lat - 41.1496) < 0.1),
  );
  expect(between, "positions between Lisbon and Porto").toEqual([]);
  await expect(page.getByTestId("travel-list")).toContainText("Pedro Porto");
});
