// Round trip: export an account, import it into a new account, and find the same contacts and
// the same history (JSON); the CSV export brings back every contact field and the last contact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { setNow } from "../../../../tests/helpers/contacts-test-kit";
import { importVcardIntoNewAccount, upload } from "../../../../tests/helpers/import-test-kit";
import android21 from "../../../../tests/fixtures/import/android-v21.vcf?raw";
import rfc6350 from "../../../../tests/fixtures/import/rfc6350-v4.vcf?raw";

type Row = Record<string, unknown> & { id: string; firstName: string };

describe("export → import into a new account", () => {
  let t: TestApp;
  let source: TestUser;
  beforeAll(async () => {
    t = await build();
    setNow(t.app, "2025-06-01T12:00:00.000Z");
    source = await createUser(t.app);
    const add = async (payload: Record<string, unknown>) => {
      const res = await injectAs(t.app, source, { method: "POST", url: "/api/contacts", payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const ada = await add({
      firstName: "Ada",
      lastName: "Lovelace",
      namePrefix: "Countess",
      nameSuffix: "FRS",
      nickname: "Enchantress of Numbers",
      websites: [
        { label: "notes", value: "https://ada.example/notes" },
        { value: "engines.example" },
      ],
      emails: [{ label: "home", value: "ada@example.com" }, { value: "ada@work.example" }],
      phones: [
        { label: "mobile", value: "+44 20 7946 0958" },
        { label: "work", value: "+44 20 7946 0100", ext: "214" },
        { label: "work fax", value: "+44 20 7946 0101" },
        { label: "pager", value: "020 7946 0102", ext: "3" },
      ],
      company: 'Engines, Ltd; "Analytical"',
      jobTitle: "Mathematician",
      notes: "=1+1 is not a formula here\nSecond line",
      preferredMethod: "telegram",
      telegramUsername: "ada_l",
      city: "London",
      region: "England",
      country: "United Kingdom",
      countryCode: "GB",
      latitude: 51.5074,
      longitude: -0.1278,
      addresses: [
        {
          label: "work",
          street: "1 Engine Row; rear",
          extended: "Floor 2",
          city: "Manchester",
          postalCode: "M1 1AA",
          country: "United Kingdom",
        },
        {
          label: "home",
          street: "12 St James's Square",
          city: "London",
          region: "England",
          postalCode: "SW1Y 4JH",
          country: "United Kingdom",
          isPlace: true,
        },
      ],
      birthday: { day: 29, month: 2, year: null },
      tags: ["Friends", "Science"],
      rhythm: { interval: 2, unit: "week" },
    });
    for (const [occurredAt, channel, note] of [
      ["2025-05-01T09:00:00.000Z", "phone", "Long call"],
      ["2025-05-20T18:30:00.000Z", "in_person", null],
    ] as const) {
      const res = await injectAs(t.app, source, {
        method: "POST",
        url: `/api/contacts/${ada}/interactions`,
        payload: { occurredAt, channel, note },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const grace = await add({
      firstName: "Grace",
      lastName: "Hopper",
      // Leading quotes before formula characters, as typed: a CSV export escapes them once more
      // and reading it back must strip exactly that one.
      company: "''+x",
      jobTitle: "-5 apples",
      notes: "'=1 stays as typed\n'tis true",
      rhythm: { interval: 3, unit: "month" },
    });
    const snooze = await injectAs(t.app, source, {
      method: "POST",
      url: `/api/contacts/${grace}/snooze`,
      payload: { days: 30 },
    });
    expect(snooze.statusCode, snooze.body).toBe(200);
    const old = await add({
      firstName: "Old",
      lastName: "Friend",
      preferredMethod: "whatsapp",
      phones: [{ value: "+34 612 345 678" }],
      // A place that is none of the addresses.
      city: "Sevilla",
      country: "Spain",
      countryCode: "ES",
      latitude: 37.38283,
      longitude: -5.97317,
      addresses: [{ street: "Calle Sierpes 1", city: "Cádiz", country: "Spain" }],
    });
    expect(
      (await injectAs(t.app, source, { method: "POST", url: `/api/contacts/${old}/archive` }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(async () => t.close());

  async function everything(user: TestUser) {
    const live = (await injectAs(t.app, user, { url: "/api/contacts?archived=false" })).json()
      .items;
    const archived = (await injectAs(t.app, user, { url: "/api/contacts?archived=true" })).json()
      .items;
    const contacts = ([...live, ...archived] as Row[]).sort((a, b) =>
      a.firstName.localeCompare(b.firstName),
    );
    const history: Record<string, unknown[]> = {};
    for (const c of contacts) {
      const res = await injectAs(t.app, user, { url: `/api/contacts/${c.id}/interactions` });
      history[c.firstName] = (res.json().items as Record<string, unknown>[]).map(
        ({ occurredAt, channel, note }) => ({ occurredAt, channel, note }),
      );
    }
    return { contacts, history };
  }

  // Ids, bookkeeping and edit times differ between accounts by nature; everything else must not.
  const comparable = ({ id: _i, importId: _m, updatedAt: _u, ...rest }: Row) => rest;

  it("JSON: identical contacts and history", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/account.json" });
    const target = await createUser(t.app);
    const preview = await upload(t.app, target, "/api/imports/preview", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(preview.json()).toMatchObject({
      source: "json",
      historyCount: 2,
      summary: { create: 3 },
    });
    const res = await upload(t.app, target, "/api/imports", {
      name: "account.json",
      content: exported.body,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(201);
    const before = await everything(source);
    const after = await everything(target);
    expect(after.contacts.map(comparable)).toEqual(before.contacts.map(comparable));
    expect(after.history).toEqual(before.history);
    expect(after.contacts.find((c) => c.firstName === "Grace")).toMatchObject({ isSnoozed: true });
  });

  it("CSV: every contact field and the last contact come back", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/contacts.csv" });
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "contacts.csv",
      content: exported.body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ source: "tend", createdCount: 3 });
    const before = await everything(source);
    const after = await everything(target);
    // Flat files don't carry when a rhythm was set or a contact first added.
    const fields = ({ rhythmSetAt: _r, createdAt: _c, ...rest }: Record<string, unknown>) => rest;
    expect(after.contacts.map(comparable).map(fields)).toEqual(
      before.contacts.map(comparable).map(fields),
    );
    // A CSV carries the last contact, not the whole history.
    expect(after.history.Ada).toEqual([
      { occurredAt: "2025-05-20T18:30:00.000Z", channel: "telegram", note: null },
    ]);
  });

  it("vCard: contact fields come back", async () => {
    const exported = await injectAs(t.app, source, { url: "/api/exports/contacts.vcf" });
    const target = await importVcardIntoNewAccount(t.app, exported.body);
    const before = await everything(source);
    const after = await everything(target);
    // Flat files don't carry when a rhythm was set or a contact first added.
    const fields = ({ rhythmSetAt: _r, createdAt: _c, ...rest }: Record<string, unknown>) => rest;
    expect(after.contacts.map(comparable).map(fields)).toEqual(
      before.contacts.map(comparable).map(fields),
    );
  });

  it("vCard: each contact's time zone comes back, chosen by hand (None too) or following the place", async () => {
    const owner = await createUser(t.app);
    const lisbon = { city: "Lisbon", country: "Portugal", latitude: 38.7223, longitude: -9.1393 };
    for (const payload of [
      { firstName: "Ana", ...lisbon },
      { firstName: "Kenji", ...lisbon, timeZone: "Asia/Tokyo" },
      { firstName: "Noor", timeZone: "Asia/Kathmandu" },
      { firstName: "Zed" },
      // "None" chosen by hand, though her place gives a zone.
      { firstName: "Lia", ...lisbon, timeZone: null, isTimeZoneSetByHand: true },
    ]) {
      const res = await injectAs(t.app, owner, { method: "POST", url: "/api/contacts", payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const exported = await injectAs(t.app, owner, { url: "/api/exports/contacts.vcf" });
    for (const zone of ["Europe/Lisbon", "Asia/Tokyo", "Asia/Kathmandu"])
      expect(exported.body).toContain(`TZ;VALUE=TEXT:${zone}\r\n`);
    expect(exported.body.match(/^X-TEND-TIME-ZONE:none\r$/gm)).toHaveLength(1);
    const target = await importVcardIntoNewAccount(t.app, exported.body);
    const zones = async (user: TestUser) =>
      (await everything(user)).contacts.map(({ firstName, timeZone, isTimeZoneSetByHand }) => ({
        firstName,
        timeZone,
        isTimeZoneSetByHand,
      }));
    expect(await zones(owner)).toEqual([
      { firstName: "Ana", timeZone: "Europe/Lisbon", isTimeZoneSetByHand: false },
      { firstName: "Kenji", timeZone: "Asia/Tokyo", isTimeZoneSetByHand: true },
      { firstName: "Lia", timeZone: null, isTimeZoneSetByHand: true },
      { firstName: "Noor", timeZone: "Asia/Kathmandu", isTimeZoneSetByHand: true },
      { firstName: "Zed", timeZone: null, isTimeZoneSetByHand: false },
    ]);
    expect(await zones(target)).toEqual(await zones(owner));
  });

  it("vCard files from phones → Tend → vCard → Tend: every field and the photo come back", async () => {
    const phone = await createUser(t.app);
    for (const [name, content] of [
      ["android.vcf", android21],
      ["rfc6350.vcf", rfc6350],
    ] as const) {
      const res = await upload(t.app, phone, "/api/imports", { name, content, type: "text/vcard" });
      expect(res.statusCode, res.body).toBe(201);
    }
    const exported = await injectAs(t.app, phone, { url: "/api/exports/contacts.vcf" });
    expect(exported.body).toContain("TEL;VALUE=uri;TYPE=work:tel:+1-418-656-9254;ext=102\r\n");
    expect(exported.body).toContain("TEL;VALUE=text;TYPE=work,fax:+49 30 1234 5679\r\n");
    expect(exported.body).toContain("GEO:geo:46.772673,-71.282945\r\n");
    const target = await importVcardIntoNewAccount(t.app, exported.body);
    // Flat files don't carry when a contact was first added; a photo is stored anew, so its
    // address differs while it is there or not alike.
    const fields = ({
      rhythmSetAt: _r,
      createdAt: _c,
      photoUrl,
      ...rest
    }: Record<string, unknown>) => ({
      ...rest,
      hasPhoto: photoUrl !== null,
    });
    const before = (await everything(phone)).contacts.map(comparable).map(fields);
    const after = (await everything(target)).contacts.map(comparable).map(fields);
    expect(before).toHaveLength(4);
    expect(after).toEqual(before);
    // Amara, Jörg, Ngozi, Simon: the two cards with an image keep it; a link was never taken.
    expect(after.map((c) => c.hasPhoto)).toEqual([false, true, false, true]);
  });
});
