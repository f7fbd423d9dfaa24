// A contact's own time zone through the real API: found from their place, kept when chosen by
// hand, refused when it is no zone, carried by /api/v1 and by the JSON export and import, and
// given to contacts placed before zones were kept.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { upload } from "../../../../tests/helpers/import-test-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { contacts } from "../../db/schema/index";
import { backfillContactTimeZones } from "../places/places.public";

const LISBON = { city: "Lisbon", country: "Portugal", latitude: 38.7223, longitude: -9.1393 };
const PAGO_PAGO = { city: "Pago Pago", latitude: -14.2794, longitude: -170.7009 };
const APIA = { city: "Apia", latitude: -13.8333, longitude: -171.7667 };

type Answer = { id: string; timeZone: string | null; isTimeZoneSetByHand: boolean };

describe("a contact's own time zone", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  async function create(body: Record<string, unknown>, as = user) {
    const res = await injectAs(t.app, as, { method: "POST", url: "/api/contacts", payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Answer>();
  }
  async function patch(id: string, body: Record<string, unknown>, as = user) {
    return injectAs(t.app, as, { method: "PATCH", url: `/api/contacts/${id}`, payload: body });
  }

  it("is found from the place, follows a new place, and is none without one", async () => {
    const ana = await create({ firstName: "Ana", ...LISBON });
    expect(ana).toMatchObject({ timeZone: "Europe/Lisbon", isTimeZoneSetByHand: false });

    // Across the date line from Samoa: American Samoa is a whole day behind.
    const moved = await patch(ana.id, { ...PAGO_PAGO, country: "American Samoa" });
    expect(moved.json()).toMatchObject({ timeZone: "Pacific/Pago_Pago" });
    const samoa = await patch(ana.id, { ...APIA, country: "Samoa" });
    expect(samoa.json()).toMatchObject({ timeZone: "Pacific/Apia" });

    const gone = await patch(ana.id, { latitude: null, longitude: null });
    expect(gone.json()).toMatchObject({ timeZone: null, isTimeZoneSetByHand: false });
    const nowhere = await create({ firstName: "Nobody" });
    expect(nowhere.timeZone).toBeNull();
  });

  it("chosen by hand, survives a change of place until set back to follow the place", async () => {
    const bo = await create({ firstName: "Bo", ...LISBON, timeZone: "Asia/Tokyo" });
    expect(bo).toMatchObject({ timeZone: "Asia/Tokyo", isTimeZoneSetByHand: true });

    const moved = await patch(bo.id, { city: "Detroit", latitude: 42.3314, longitude: -83.0458 });
    expect(moved.json()).toMatchObject({ timeZone: "Asia/Tokyo", isTimeZoneSetByHand: true });

    const follows = await patch(bo.id, { isTimeZoneSetByHand: false });
    expect(follows.json()).toMatchObject({
      timeZone: "America/Detroit",
      isTimeZoneSetByHand: false,
    });

    // "None" by hand: no zone even with a place, and a new place does not bring one back.
    const none = await patch(bo.id, { timeZone: null });
    expect(none.json()).toMatchObject({ timeZone: null, isTimeZoneSetByHand: true });
    const again = await patch(bo.id, { latitude: 32.5149, longitude: -117.0382 });
    expect(again.json()).toMatchObject({ timeZone: null, isTimeZoneSetByHand: true });
  });

  it("saved back whole as read, stays following the place", async () => {
    const cy = await create({ firstName: "Cy", ...LISBON });
    const read = await injectAs(t.app, user, { url: `/api/contacts/${cy.id}` });
    const whole = read.json<Record<string, unknown>>();
    const res = await patch(cy.id, {
      firstName: whole.firstName,
      timeZone: whole.timeZone,
      city: "Windsor",
      country: "Canada",
      latitude: 42.3149,
      longitude: -83.0364,
    });
    expect(res.json()).toMatchObject({ timeZone: "America/Toronto", isTimeZoneSetByHand: false });
  });

  it("refuses what is no time zone with a message, and writes nothing", async () => {
    const dee = await create({ firstName: "Dee", ...LISBON });
    const res = await patch(dee.id, { timeZone: "Mars/Olympus" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.timeZone).toBe(
      '"Mars/Olympus" is not a time zone: choose one from the list, like Europe/Lisbon',
    );
    const created = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "Eve", timeZone: "+05:30" },
    });
    expect(created.statusCode).toBe(400);
    const after = await injectAs(t.app, user, { url: `/api/contacts/${dee.id}` });
    expect(after.json()).toMatchObject({ timeZone: "Europe/Lisbon" });
  });

  it("another user's contact answers 404", async () => {
    const fay = await create({ firstName: "Fay", ...LISBON });
    const other = await createUser(t.app);
    const res = await patch(fay.id, { timeZone: "Asia/Tokyo" }, other);
    expect(res.statusCode).toBe(404);
  });

  it("/api/v1 takes and answers timeZone", async () => {
    const { token } = await makeToken(t.app, user);
    const res = await injectWithToken(t.app, token, {
      method: "POST",
      url: "/api/v1/contacts",
      payload: { firstName: "Gil", city: "Kathmandu", latitude: 27.7172, longitude: 85.324 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ timeZone: "Asia/Kathmandu", isTimeZoneSetByHand: false });
    const changed = await injectWithToken(t.app, token, {
      method: "PATCH",
      url: `/api/v1/contacts/${res.json().id}`,
      payload: { timeZone: "Pacific/Chatham" },
    });
    expect(changed.json()).toMatchObject({
      timeZone: "Pacific/Chatham",
      isTimeZoneSetByHand: true,
    });
    const bad = await injectWithToken(t.app, token, {
      method: "PATCH",
      url: `/api/v1/contacts/${res.json().id}`,
      payload: { timeZone: "Mars/Olympus" },
    });
    expect(bad.statusCode).toBe(400);
    const doc = await t.app.inject({ url: "/api/v1/openapi.json" });
    expect(doc.body).toContain('"timeZone"');
  });

  it("the JSON export carries zones and imports them back, a chosen one still chosen", async () => {
    const source = await createUser(t.app);
    await create({ firstName: "Hal", ...LISBON }, source);
    await create({ firstName: "Ivy", ...LISBON, timeZone: "America/New_York" }, source);
    const exported = await injectAs(t.app, source, { url: "/api/exports/account.json" });
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await injectAs(t.app, target, { url: "/api/contacts" });
    const byName = new Map(
      (list.json().items as (Answer & { firstName: string })[]).map((c) => [c.firstName, c]),
    );
    expect(byName.get("Hal")).toMatchObject({
      timeZone: "Europe/Lisbon",
      isTimeZoneSetByHand: false,
    });
    expect(byName.get("Ivy")).toMatchObject({
      timeZone: "America/New_York",
      isTimeZoneSetByHand: true,
    });
  });

  it("contacts placed before zones were kept get theirs from their place", async () => {
    const jo = await create({ firstName: "Jo", ...LISBON });
    const kit = await create({ firstName: "Kit", ...LISBON, timeZone: null });
    await t.app.db.update(contacts).set({ timeZone: null }).where(eq(contacts.id, jo.id));
    await t.app.db
      .update(contacts)
      .set({ timeZone: null, isTimeZoneSetByHand: true })
      .where(eq(contacts.id, kit.id));
    const before = await injectAs(t.app, user, { url: `/api/contacts/${jo.id}` });
    expect(await backfillContactTimeZones(t.app.db)).toBeGreaterThanOrEqual(1);
    const after = await injectAs(t.app, user, { url: `/api/contacts/${jo.id}` });
    expect(after.json()).toMatchObject({ timeZone: "Europe/Lisbon" });
    // The edit version stays, so a form opened before still saves.
    expect(after.json().updatedAt).toBe(before.json().updatedAt);
    const kept = await injectAs(t.app, user, { url: `/api/contacts/${kit.id}` });
    expect(kept.json()).toMatchObject({ timeZone: null, isTimeZoneSetByHand: true });
  });
});
