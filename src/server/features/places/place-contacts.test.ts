// Contacts imported with a city or country but no coordinates are placed from the gazetteer;
// the one-off backfill places the ones already stored and reports what it could not place.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContacts, upload } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { contacts } from "../../db/schema/index";
import { backfillContactCoordinates } from "./place-contacts";

const CSV = [
  "First Name,Last Name,City,Country,Latitude,Longitude",
  "Fernando,Pessoa,Lisbon,Portugal,,",
  "Greta,Zurich,zurich,CH,,",
  "Kept,Coordinates,Lisbon,Portugal,1.5,2.5",
  "Nowhere,Person,Atlantis,Portugal,,",
  "No,Country,Paris,,,",
  "Only,Country,,Germany,,",
].join("\n");

// What address books hold: a region or country column, or all of it in the city.
const TRICKY_CSV = [
  "First Name,Last Name,City,Region,Country",
  'Ada,Arlington,"Arlington, VA, USA",,',
  "Bea,Arlington,Arlington,VA,United States",
  "Cai,Cologne,Cologne,,Germany",
  "Dan,Goteborg,Gothenburg,,Sweden",
  "Eva,Kobenhavn,København,,Denmark",
  "Fay,Kyiv,Kiev,,Ukraine",
  "Gus,Mumbai,Bombay,,India",
  "Hal,Munich,MÜNCHEN,,",
  "Ivy,Nyc,NYC,,",
  "Jon,London,London,ON,Canada",
  ...Array.from({ length: 990 }, (_, i) => `Person${i},York,New York,,United States`),
].join("\n");

describe("placing contacts from the gazetteer", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  it("gives imported contacts with a city or a country their coordinates, and only them", async () => {
    const res = await upload(t.app, user, "/api/imports", { name: "people.csv", content: CSV });
    expect(res.statusCode, res.body).toBe(201);
    const byName = new Map((await listContacts(t.app, user)).map((c) => [c.firstName, c]));
    expect(byName.get("Fernando")).toMatchObject({
      city: "Lisbon",
      country: "Portugal",
      countryCode: "PT",
      latitude: 38.71667,
      longitude: -9.13333,
    });
    expect(byName.get("Greta")).toMatchObject({ city: "zurich", countryCode: "CH" });
    expect(byName.get("Greta")?.latitude).toBeCloseTo(47.367, 2);
    expect(byName.get("Kept")).toMatchObject({ latitude: 1.5, longitude: 2.5 });
    expect(byName.get("Nowhere")).toMatchObject({ latitude: null, longitude: null });
    // A city alone is the most populous of that name; a country alone is its centre.
    expect(byName.get("No")).toMatchObject({ city: "Paris", countryCode: "FR" });
    expect(byName.get("No")?.latitude).toBeCloseTo(48.853, 2);
    expect(byName.get("Only")).toMatchObject({ latitude: 51.0322, longitude: 10.3525 });
  });

  it("places every row of a 1,000-row file where it is: regions, exonyms, abbreviations", async () => {
    const who = await createUser(t.app);
    const res = await upload(t.app, who, "/api/imports", {
      name: "tricky.csv",
      content: TRICKY_CSV,
    });
    expect(res.statusCode, res.body).toBe(201);
    const people = await listContacts(t.app, who);
    expect(people).toHaveLength(1000);
    const at = (firstName: string) => {
      const c = people.find((p) => p.firstName === firstName);
      return [c?.countryCode, c?.region, c?.latitude, c?.longitude];
    };
    expect(at("Ada")).toEqual(["US", "Virginia", 38.88101, -77.10428]);
    expect(at("Bea")).toEqual(["US", "VA", 38.88101, -77.10428]);
    expect(at("Cai")).toEqual(["DE", null, 50.93333, 6.95]);
    expect(at("Dan")).toEqual(["SE", null, 57.70716, 11.96679]);
    expect(at("Eva")).toEqual(["DK", null, 55.67594, 12.56553]);
    expect(at("Fay")).toEqual(["UA", null, 50.45466, 30.5238]);
    expect(at("Gus")).toEqual(["IN", null, 19.07283, 72.88261]);
    expect(at("Hal")).toEqual(["DE", null, 48.13743, 11.57549]);
    expect(at("Ivy")).toEqual(["US", "New York", 40.71427, -74.00597]);
    expect(at("Jon")).toEqual(["CA", "ON", 42.98339, -81.23304]);
    const newYork = people.filter((p) => p.lastName === "York");
    expect(newYork).toHaveLength(990);
    expect(newYork.filter((p) => p.latitude !== 40.71427 || p.longitude !== -74.00597)).toEqual([]);
  }, 120_000);

  it("backfills stored contacts and reports what it could not place", async () => {
    const other = await createUser(t.app);
    const add = async (who: TestUser, payload: Record<string, unknown>) => {
      const res = await injectAs(t.app, who, { method: "POST", url: "/api/contacts", payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const saoPaulo = await add(other, { firstName: "Ana", city: "Sao Paulo", country: "Brasil" });
    const newYork = await add(other, { firstName: "Bo", city: "New York City", countryCode: "US" });
    const atlantis = await add(other, { firstName: "Cy", city: "Atlantis", country: "Greece" });
    const report = await backfillContactCoordinates(t.app.db);
    // Also the import's "Nowhere" contact of the first user, still unplaced.
    expect(report.placed).toBe(2);
    expect(report.unplaced).toEqual([
      { city: "Atlantis", country: "Greece", contacts: 1 },
      { city: "Atlantis", country: "Portugal", contacts: 1 },
    ]);
    const row = async (id: string) =>
      (await t.app.db.select().from(contacts).where(eq(contacts.id, id)))[0];
    expect(await row(saoPaulo)).toMatchObject({ countryCode: "BR", latitude: -23.5475 });
    expect(await row(newYork)).toMatchObject({ region: "New York", latitude: 40.71427 });
    expect(await row(atlantis)).toMatchObject({ latitude: null, longitude: null });
    // Running it again changes nothing.
    expect((await backfillContactCoordinates(t.app.db)).placed).toBe(0);
  });
});
