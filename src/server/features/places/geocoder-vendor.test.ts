// GEOCODER=mapbox: the vendor answers when it can; an error or more than 3 s falls back to the
// offline gazetteer. Without GEOCODER nothing is sent anywhere (the other tests run that way).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMapboxFake } from "../../../../tests/helpers/mapbox-fake";
import {
  build,
  createUser,
  injectAs,
  testEnv,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Place } from "../../../core/places";

describe("geocoder with a vendor configured", () => {
  let t: TestApp;
  let user: TestUser;
  let fake: Awaited<ReturnType<typeof startMapboxFake>>;
  beforeAll(async () => {
    fake = await startMapboxFake();
    t = await build({ GEOCODER: "mapbox", GEOCODER_KEY: "pk.test-token", GEOCODER_URL: fake.url });
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const geocode = async (q: string) => {
    const res = await injectAs(t.app, user, {
      url: `/api/geocode?q=${encodeURIComponent(q)}&types=place,country`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: Place[] }>().results;
  };

  it("asks the vendor with the text, limit, types and autocomplete, and maps its answer", async () => {
    const [first] = await geocode("Lisb");
    expect(first).toEqual({
      id: "mapbox:place.123",
      type: "place",
      name: "Lisboa",
      label: "Lisboa, Lisbon District, Portugal",
      city: "Lisboa",
      region: "Lisbon District",
      country: "Portugal",
      countryCode: "PT",
      latitude: 38.7223,
      longitude: -9.1393,
    });
    const asked = fake.requests.at(-1)!;
    expect(asked.pathname).toBe("/geocoding/v5/mapbox.places/Lisb.json");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      access_token: "pk.test-token",
      autocomplete: "true",
      limit: "5",
      types: "place,country",
    });
  });

  it("falls back to the offline gazetteer when the vendor fails", async () => {
    fake.setMode("error");
    const [first] = await geocode("Lisb");
    expect(first).toMatchObject({ id: "city:2267057", name: "Lisbon", countryCode: "PT" });
  });

  it("gives up on the vendor after 3 seconds", async () => {
    fake.setMode("slow");
    const started = Date.now();
    const [first] = await geocode("Lisb");
    const took = Date.now() - started;
    expect(first).toMatchObject({ name: "Lisbon", countryCode: "PT" });
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(3_900);
  });

  it("refuses to start without a key", () => {
    expect(() => testEnv({ GEOCODER: "mapbox" })).toThrow(/GEOCODER_KEY/);
  });
});
