// The world map with a map vendor configured (spec 02 §3, §7, §8, §9): the app runs
// with MAP_STYLE_URL and MAP_TOKEN pointing at a style server this spec runs itself (nothing
// leaves the machine). Checked: where the token comes from, in the spec's order (session
// storage before the server's GET /api/map/config, and what a page resolved stays in memory);
// the style by zoom (light or dark below 12, streets 12 to below 14, satellite-streets from 14)
// with the tile cache 500/750/1000; and a refused token: the token-error state, the token
// dropped, and the offline basemap.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { startE2EServer } from "../helpers/app-process";
import { createUser, expect, test } from "./fixtures";

// A second app of our own, beside the one every other spec uses (its port + 100).
const APP_PORT = Number(process.env.E2E_PORT ?? 4173) + 100;
const APP_URL = `http://localhost:${APP_PORT}`; // what startE2EServer answers on
const SERVER_TOKEN = "server-token";
const REFUSED_TOKEN = "refused-token";
const TOKEN_KEY = "tend.mapToken";

type StyleRequest = { style: string; token: string | null };
const styleRequests: StyleRequest[] = [];
let styleServer: Server;
let app: ReturnType<typeof startE2EServer>;

// The vendor: one style per name, a background of its own; 401 for the refused token.
function startStyleServer(): Promise<number> {
  styleServer = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://vendor");
    const match = /^\/styles\/([a-z-]+)\.json$/.exec(url.pathname);
    const token = url.searchParams.get("access_token");
    const headers = { "access-control-allow-origin": "*", "cache-control": "no-store" };
    if (!match) return void res.writeHead(404, headers).end();
    styleRequests.push({ style: match[1]!, token });
    if (!token || token === REFUSED_TOKEN)
      return void res
        .writeHead(401, { ...headers, "content-type": "application/json" })
        .end(JSON.stringify({ message: "Not Authorized - Invalid Token" }));
    res.writeHead(200, { ...headers, "content-type": "application/json" }).end(
      JSON.stringify({
        version: 8,
        name: match[1],
        sources: {},
        layers: [
          {
            id: `vendor-${match[1]}`,
            type: "background",
            paint: { "background-color": "#abcdef" },
          },
        ],
      }),
    );
  });
  return new Promise((resolve) =>
    styleServer.listen(0, "127.0.0.1", () => resolve((styleServer.address() as AddressInfo).port)),
  );
}

test.describe.configure({ mode: "serial" });
test.use({ baseURL: APP_URL, timezoneId: "Europe/Paris", locale: "en-US" });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(180_000);
  const stylePort = await startStyleServer();
  app = startE2EServer({
    port: String(APP_PORT),
    dist: process.env.E2E_DIST ?? "dist/web",
    readyTimeoutMs: 150_000,
    env: {
      MAP_STYLE_URL: `http://127.0.0.1:${stylePort}/styles/{style}.json`,
      MAP_TOKEN: SERVER_TOKEN,
    },
  });
  await app.ready();
});

test.afterAll(async () => {
  app?.stop();
  await new Promise((resolve) => styleServer?.close(resolve));
});

test.beforeEach(() => {
  styleRequests.length = 0;
});

type VendorMap = {
  getStyle: () => { layers: { id: string }[] };
  jumpTo: (options: { zoom: number }) => void;
  _maxTileCacheSize: number;
};

function globeState(page: Page) {
  return page.getByTestId("globe").evaluate((el) => {
    const map = (el as unknown as { maplibreMap: VendorMap }).maplibreMap;
    return {
      layers: map.getStyle().layers.map((l) => l.id),
      tileCache: map._maxTileCacheSize,
    };
  });
}

async function zoomTo(page: Page, zoom: number) {
  await page
    .getByTestId("globe")
    .evaluate(
      (el, z) => (el as unknown as { maplibreMap: VendorMap }).maplibreMap.jumpTo({ zoom: z }),
      zoom,
    );
}

async function openMapWithContact(page: Page) {
  await createUser(page, { origin: APP_URL });
  const res = await page.request.post("/api/contacts", {
    headers: { origin: APP_URL },
    data: { firstName: "Claire", lastName: "Dubois", latitude: 48.8566, longitude: 2.3522 },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto("/app/map");
  const globe = page.getByTestId("globe");
  await expect(globe).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  return globe;
}

const storedToken = (page: Page) =>
  page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_KEY);

test("no token held: the server's, kept in session storage; the style follows zoom and theme", async ({
  page,
}) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (!/^(data|blob):/.test(request.url()) && host !== "localhost" && host !== "127.0.0.1")
      outside.push(request.url());
  });
  const globe = await openMapWithContact(page);
  await expect(globe).toHaveAttribute("data-basemap", "vendor");
  // Paris's time zone: zoom 3, the base tier, light with the light theme.
  expect(styleRequests).toEqual([{ style: "light", token: SERVER_TOKEN }]);
  expect(await storedToken(page)).toBe(SERVER_TOKEN);
  await expect(page.getByTestId("map-token-error")).toHaveCount(0);
  let state = await globeState(page);
  expect(state.layers[0]).toBe("vendor-light");
  expect(state.layers).toContain("contact-markers"); // the contacts stay on the vendor's map
  expect(state.tileCache).toBe(500);

  await zoomTo(page, 12.5);
  await expect.poll(async () => (await globeState(page)).layers[0]).toBe("vendor-streets");
  expect((await globeState(page)).tileCache).toBe(750);
  await zoomTo(page, 14);
  await expect
    .poll(async () => (await globeState(page)).layers[0])
    .toBe("vendor-satellite-streets");
  state = await globeState(page);
  expect(state.tileCache).toBe(1000);
  expect(state.layers).toContain("contact-markers");
  await zoomTo(page, 11.9);
  await expect.poll(async () => (await globeState(page)).layers[0]).toBe("vendor-light");
  expect((await globeState(page)).tileCache).toBe(500);

  // Below 12 the theme picks the style: dark with the dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(async () => (await globeState(page)).layers[0]).toBe("vendor-dark");
  expect(styleRequests.map((r) => r.style)).toEqual([
    "light",
    "streets",
    "satellite-streets",
    "light",
    "dark",
  ]);
  expect(styleRequests.every((r) => r.token === SERVER_TOKEN)).toBe(true);
  expect(outside).toEqual([]);
});

test("a token in session storage comes before the server's, and the page keeps the one it took", async ({
  page,
}) => {
  await page.addInitScript(
    ([key]) => {
      if (!window.sessionStorage.getItem(key!))
        window.sessionStorage.setItem(key!, "session-token");
    },
    [TOKEN_KEY],
  );
  await openMapWithContact(page);
  expect(styleRequests).toEqual([{ style: "light", token: "session-token" }]);

  // Once resolved, the token is the page's (memory): a later change to the storage is not read.
  await page.evaluate((key) => window.sessionStorage.setItem(key, "changed-token"), TOKEN_KEY);
  await zoomTo(page, 12.5);
  await expect.poll(() => styleRequests.length).toBe(2);
  expect(styleRequests[1]).toEqual({ style: "streets", token: "session-token" });
});

test("a refused token: the token-error state, the token dropped, the offline basemap", async ({
  page,
}) => {
  await page.addInitScript(
    ([key, token]) => {
      if (!window.sessionStorage.getItem("seeded")) {
        window.sessionStorage.setItem("seeded", "1");
        window.sessionStorage.setItem(key!, token!);
      }
    },
    [TOKEN_KEY, REFUSED_TOKEN],
  );
  const globe = await openMapWithContact(page);
  await expect(page.getByTestId("map-token-error")).toHaveText(
    "The map service refused its access token, so this is the offline map.",
  );
  await expect(globe).toHaveAttribute("data-basemap", "light");
  expect(styleRequests).toEqual([{ style: "light", token: REFUSED_TOKEN }]);
  const state = await globeState(page);
  expect(state.layers).toContain("countries-fill");
  expect(state.layers).toContain("contact-markers");
  expect(await storedToken(page)).toBeNull();
  // No error toast: a token error is a state, not a "Map error" (spec 02 §8).
  await expect(page.getByText(/^Map error:/)).toHaveCount(0);

  // Back on the map later in the same visit: no cache kept the refused token, so the page asks
  // the server for its token again.
  await page.getByRole("link", { name: "Contacts", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await page.getByRole("link", { name: "World Map", exact: true }).first().click();
  await expect(page.getByTestId("globe")).toHaveAttribute("data-ready", "true", {
    timeout: 20_000,
  });
  await expect.poll(() => styleRequests.length).toBe(2);
  expect(styleRequests[1]).toEqual({ style: "light", token: SERVER_TOKEN });
  await expect(page.getByTestId("map-token-error")).toHaveCount(0);
});
