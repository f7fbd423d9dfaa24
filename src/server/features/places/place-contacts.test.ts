// Contacts imported with a city and country but no coordinates are placed from the gazetteer;
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
].join("\n");

describe("placing contacts from the gazetteer", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  it("gives imported contacts with a city and country their coordinates, and only them", async () => {
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
    expect(byName.get("No")).toMatchObject({ city: "Paris", latitude: null });
  });

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
