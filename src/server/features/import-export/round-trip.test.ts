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
import { upload } from "../../../../tests/helpers/import-test-kit";

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
      emails: [{ label: "home", value: "ada@example.com" }, { value: "ada@work.example" }],
      phones: [{ label: "mobile", value: "+44 20 7946 0958" }],
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
    const target = await createUser(t.app);
    const res = await upload(t.app, target, "/api/imports", {
      name: "contacts.vcf",
      content: exported.body,
      type: "text/vcard",
    });
    expect(res.statusCode, res.body).toBe(201);
    const before = await everything(source);
    const after = await everything(target);
    // Flat files don't carry when a rhythm was set or a contact first added.
    const fields = ({ rhythmSetAt: _r, createdAt: _c, ...rest }: Record<string, unknown>) => rest;
    expect(after.contacts.map(comparable).map(fields)).toEqual(
      before.contacts.map(comparable).map(fields),
    );
  });
});
