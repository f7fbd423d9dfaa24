import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Place } from "../../../core/places";

describe("places: GET /api/geocode and GET /api/map/static.svg", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  const geocode = async (query: string) => {
    const res = await injectAs(t.app, user, { url: `/api/geocode?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: Place[] }>().results;
  };

  it("finds Lisbon from 'Lisb', with its country code and coordinates", async () => {
    const [first] = await geocode("q=Lisb");
    expect(first).toMatchObject({
      type: "place",
      name: "Lisbon",
      city: "Lisbon",
      country: "Portugal",
      countryCode: "PT",
      label: "Lisbon, Portugal",
    });
    expect(first?.latitude).toBeCloseTo(38.717, 2);
    expect(first?.longitude).toBeCloseTo(-9.133, 2);
  });

  it("ignores accents and case: 'Sao Pau' finds São Paulo, 'zur' finds Zürich", async () => {
    expect((await geocode("q=Sao%20Pau"))[0]?.name).toBe("São Paulo");
    expect((await geocode("q=zur"))[0]?.name).toBe("Zürich");
    expect((await geocode("q=S%C3%83O%20PAULO"))[0]?.name).toBe("São Paulo");
  });

  it("finds Germany as a country from 'Germ' and from its other names", async () => {
    const [first] = await geocode("q=Germ");
    expect(first).toMatchObject({ type: "country", name: "Germany", countryCode: "DE" });
    expect(first?.city).toBeNull();
    expect((await geocode("q=Deutschland"))[0]).toMatchObject({ countryCode: "DE" });
    expect((await geocode("q=USA"))[0]).toMatchObject({ type: "country", countryCode: "US" });
  });

  it("ranks New York City first for 'new york', by population", async () => {
    const results = await geocode("q=new%20york");
    expect(results[0]).toMatchObject({ name: "New York City", region: "New York" });
    expect(results[0]?.countryCode).toBe("US");
  });

  it("honours limit and types; address and poi find nothing offline", async () => {
    expect(await geocode("q=san&limit=3")).toHaveLength(3);
    expect(await geocode("q=san")).toHaveLength(5);
    const countries = await geocode("q=ger&types=country");
    expect(countries.every((p) => p.type === "country")).toBe(true);
    const cities = await geocode("q=germ&types=place");
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((p) => p.type === "place")).toBe(true);
    expect(await geocode("q=Lisb&types=address,poi")).toEqual([]);
  });

  it("narrows to a country after a comma", async () => {
    const [first] = await geocode("q=Springfield%2C%20Illinois");
    expect(first).toMatchObject({ name: "Springfield", region: "Illinois", countryCode: "US" });
    const portugal = await geocode("q=Lisbon%2C%20Portugal");
    expect(portugal.map((p) => p.countryCode)).toEqual(["PT"]);
  });

  it("answers nonsense with an empty list, not an error", async () => {
    expect(await geocode("q=xqzzvqk")).toEqual([]);
    expect(await geocode("q=%21%21%21")).toEqual([]);
  });

  it("refuses bad parameters with a 400 and a message", async () => {
    for (const query of ["", "q=", "q=Lisb&limit=0", "q=Lisb&limit=11", "q=Lisb&limit=two"]) {
      const res = await injectAs(t.app, user, { url: `/api/geocode?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toMatch(/q|limit/);
    }
    const res = await injectAs(t.app, user, { url: "/api/geocode?q=Lisb&types=planet" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("Unknown type planet");
    const long = await injectAs(t.app, user, { url: `/api/geocode?q=${"a".repeat(201)}` });
    expect(long.statusCode).toBe(400);
  });

  it("is for signed-in users only", async () => {
    for (const url of [
      "/api/geocode?q=Lisb",
      "/api/geocode/country?name=Portugal",
      "/api/map/static.svg?lat=1&lng=2",
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it("classes free text as a country by any of its names (the location search's rule)", async () => {
    const country = async (name: string) => {
      const res = await injectAs(t.app, user, {
        url: `/api/geocode/country?name=${encodeURIComponent(name)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ country: Place | null }>().country;
    };
    expect(await country("deutschland")).toMatchObject({ countryCode: "DE", name: "Germany" });
    expect(await country("United Kingdom")).toMatchObject({ countryCode: "GB" });
    expect(await country("Lisbon")).toBeNull();
    expect(await country("Germ")).toBeNull();
  });

  describe("static map", () => {
    const map = (query: string, headers: Record<string, string> = {}) =>
      injectAs(t.app, user, { url: `/api/map/static.svg?${query}`, headers });

    it("draws an SVG of the default size with a pin, cacheable", async () => {
      const res = await map("lat=38.7167&lng=-9.1333");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(res.headers["cache-control"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const svg = res.body;
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="400" height="200"/,
      );
      expect(svg).toContain("<title>Map of 38.7167, -9.1333</title>");
      expect(svg.endsWith("</svg>")).toBe(true);
      // The pin sits at the centre of the picture.
      expect(svg).toContain('<g transform="translate(200 100)">');
      const again = await map("lat=38.7167&lng=-9.1333", {
        "if-none-match": res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    });

    it("draws land at a city and the world at zoom 1, at the size asked", async () => {
      const city = await map("lat=48.8566&lng=2.3522&zoom=12&w=300&h=150");
      expect(city.body).toMatch(/width="300" height="150"/);
      // Paris at zoom 12 is all land: one path that fills the view.
      expect(city.body).toMatch(/<path d="M[^"]+" fill="#f1efe6"\/>/);
      const world = await map("lat=0&lng=0&zoom=1");
      expect(world.body.length).toBeGreaterThan(city.body.length * 10);
      // A coast inside a big country's polygon (cut to the view before projecting): some
      // land, some water, not the whole picture.
      const halifax = await map("lat=44.65&lng=-63.57&zoom=9");
      const land = /<path d="([^"]+)" fill="#f1efe6"\/>/.exec(halifax.body)?.[1];
      expect(land).toBeTruthy();
      expect(land).not.toBe("M-2,-2L402,-2L402,202L-2,202Z");
      const ocean = await map("lat=-40&lng=-130&zoom=8");
      expect(ocean.body).not.toContain('fill="#f1efe6"');
      const dark = await map("lat=38.7167&lng=-9.1333&theme=dark");
      expect(dark.body).toContain('fill="#0f1b2a"');
    });

    it("names the towns around the pin, so a city's preview is not a blank tile", async () => {
      const names = (svg: string) =>
        [...svg.matchAll(/<text [^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
      for (const theme of ["light", "dark"]) {
        const lisbon = await map(`lat=38.7167&lng=-9.1333&zoom=12&theme=${theme}`);
        expect(names(lisbon.body)).toContain("Lisbon");
        expect(names(lisbon.body).length).toBeLessThanOrEqual(8);
        // Drawn at a phone's width, only the pin's place is named, larger.
        expect(lisbon.body).toMatch(/<text class="at-pin"[^>]*>Lisbon<\/text>/);
        expect(lisbon.body).toContain("@media (max-width: 360px)");
      }
      // Wider views name the big places around; the open ocean names nothing.
      const region = names((await map("lat=48.8566&lng=2.3522&zoom=7")).body);
      expect(region).toContain("Paris");
      expect(region.length).toBeGreaterThan(3);
      expect(names((await map("lat=-40&lng=-130&zoom=8")).body)).toEqual([]);
      // Names are written as text, never as markup.
      const village = await map("lat=45.4408&lng=12.3155&zoom=9");
      expect(village.body).not.toMatch(/<text [^>]*>[^<]*[&][^#][^<]*<\/text>/);
    });

    it("refuses coordinates, zoom and sizes out of bounds with a 400", async () => {
      for (const query of [
        "lng=2",
        "lat=91&lng=0",
        "lat=-91&lng=0",
        "lat=0&lng=181",
        "lat=0&lng=-181",
        "lat=abc&lng=0",
        "lat=0&lng=0&zoom=0",
        "lat=0&lng=0&zoom=21",
        "lat=0&lng=0&w=10",
        "lat=0&lng=0&h=5000",
        "lat=0&lng=0&w=1.5",
        "lat=0&lng=0&theme=neon",
      ]) {
        const res = await map(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.message, query).toBeTruthy();
      }
    });

    it("accepts the extremes of each range", async () => {
      for (const query of ["lat=90&lng=180&zoom=20", "lat=-90&lng=-180&zoom=1&w=50&h=50"]) {
        const res = await map(query);
        expect(res.statusCode, query).toBe(200);
        expect(res.body).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
      }
    });
  });
});
