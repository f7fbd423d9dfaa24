// GET /api/contacts compresses and caches its answer itself. Each listed contact must still be
// exactly what GET /api/contacts/:id answers, and the answer exactly what zod's serializer writes.
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { ContactListSchema, type ContactList } from "../../../core/contact-list-schema";
import type { Contact } from "../../../core/contacts";
import { addContact, setNow, setTimeZone } from "../../../../tests/helpers/contacts-test-kit";
import { getContactRow, listContactRows } from "./contacts.queries";

describe("the contacts list answer", () => {
  let t: TestApp;
  let user: TestUser;
  let made: Contact[];
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    await setTimeZone(t.app, user.id, "Pacific/Auckland");
    setNow(t.app, "2025-06-10T12:00:00Z");
    const add = (body: Record<string, unknown>) => addContact(t.app, user, body);
    made = [
      await add({
        firstName: "Ada",
        lastName: "Lovelace",
        emails: [{ label: "Work", value: "ada@engine.org" }, { value: "ada@home.org" }],
        phones: [{ label: "Mobile", value: "+44 20 7946 0958" }],
        company: 'Analytical "Engines"',
        jobTitle: "Countess",
        notes: "Zoë 🌱\nSecond line \\ with a backslash",
        preferredMethod: "telegram",
        telegramUsername: "ada_l",
        city: "London",
        region: "Greater London",
        country: "United Kingdom",
        countryCode: "GB",
        latitude: 51.5072,
        longitude: -0.1276,
        birthday: { day: 10, month: 12, year: 1915 },
        tags: ["Math", "friends"],
        rhythm: { interval: 1, unit: "month" },
        lastContactedOn: "2025-05-01",
      }),
      await add({
        firstName: "Bea",
        birthday: { day: 29, month: 2 },
        rhythm: { interval: 10, unit: "day" },
      }),
      await add({ lastName: "Cy" }),
      await add({
        firstName: "Dee",
        rhythm: { interval: 1, unit: "week" },
        lastContactedOn: "2025-06-01",
      }),
      await add({ firstName: "Eve", tags: ["gone"], rhythm: { interval: 1, unit: "year" } }),
    ];
    const [, bea, , dee, eve] = made;
    const snoozed = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${dee!.id}/snooze`,
      payload: { days: 5 },
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const archived = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${eve!.id}/archive`,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    // Times with microseconds, as PostgreSQL's now() writes them.
    await t.app.db.execute(
      sql`update contacts set last_contacted_at = '2025-06-01 10:11:12.345678+00', rhythm_set_at = '2025-05-01 23:59:59.9+00' where id = ${bea!.id}`,
    );
  });
  afterAll(async () => t.close());

  const get = (url: string) => injectAs(t.app, user, { url });

  it("lists every contact exactly as GET /api/contacts/:id answers it", async () => {
    const current = await get("/api/contacts");
    const archived = await get("/api/contacts?archived=true");
    const items = [...current.json<ContactList>().items, ...archived.json<ContactList>().items];
    expect(items.map((c) => c.id).sort()).toEqual(made.map((c) => c.id).sort());
    for (const item of items) {
      // The contact's page also names its household; the list does not carry it.
      const { household: _household, ...single } = (await get(`/api/contacts/${item.id}`)).json<
        Record<string, unknown>
      >();
      expect(JSON.stringify(item)).toBe(JSON.stringify(single));
    }
    const dee = items.find((c) => c.firstName === "Dee");
    expect(dee).toMatchObject({ isSnoozed: true, state: "on_track" });
    const bea = items.find((c) => c.firstName === "Bea");
    expect(bea?.lastContactedAt).toBe("2025-06-01T10:11:12.345Z");
    expect(bea?.rhythmSetAt).toBe("2025-05-01T23:59:59.900Z");
  });

  it("answers what zod's serializer would write, as JSON", async () => {
    for (const url of ["/api/contacts", "/api/contacts?archived=true", "/api/contacts?q=nobody"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["content-length"]).toBe(String(res.rawPayload.length));
      expect(res.body).toBe(JSON.stringify(ContactListSchema.encode(res.json())));
    }
  });

  it("compresses the answer as a browser asks (brotli, else gzip) to the same JSON", async () => {
    const plain = await get("/api/contacts");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const res = await injectAs(t.app, user, {
        url: "/api/contacts",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-length"]).toBe(String(res.rawPayload.length));
      expect(decode(res.rawPayload).toString("utf8")).toBe(plain.body);
    }
  });

  it("lists tags of contacts that are not archived", async () => {
    const res = await get("/api/contacts/tags");
    expect(res.json()).toEqual({
      tags: [
        { tag: "friends", count: 1, rhythm: null, followers: 0 },
        { tag: "Math", count: 1, rhythm: null, followers: 0 },
      ],
    });
  });

  it("gives the importer the rows Drizzle gives", async () => {
    const rows = await listContactRows(t.app.db, user.id);
    expect(rows).toHaveLength(made.length);
    for (const row of rows) expect(row).toEqual(await getContactRow(t.app.db, user.id, row.id));
  });
});
