import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { ContactList } from "../../../core/contact-list-schema";
import type { Contact } from "../../../core/contacts";
import {
  addContact,
  getContact,
  setNow,
  setTimeZone,
} from "../../../../tests/helpers/contacts-test-kit";
import { recomputeDueDates } from "./contacts.service";

describe("contacts API", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setNow(t.app, "2025-06-10T12:00:00Z"));

  const list = async (query = "") => {
    const res = await injectAs(t.app, user, { method: "GET", url: `/api/contacts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactList>();
  };

  it("creates a contact with sanitised fields and answers it whole", async () => {
    const created = await addContact(t.app, user, {
      firstName: " Ada ",
      lastName: "Lovelace",
      emails: [{ label: "Work", value: "ADA@Engine.org" }],
      phones: [{ value: "+44 20 7946 0958" }],
      company: "Analytical Engines",
      preferredMethod: "whatsapp",
      city: "London",
      country: "United Kingdom",
      countryCode: "gb",
      latitude: 51.5,
      longitude: -0.12,
      birthday: { day: 10, month: 12, year: null },
      tags: ["Math", "math", "friends"],
      rhythm: { interval: 1, unit: "month" },
    });
    expect(created).toMatchObject({
      firstName: "Ada",
      emails: [{ label: "Work", value: "ada@engine.org" }],
      countryCode: "GB",
      birthday: { day: 10, month: 12, year: null },
      tags: ["Math", "friends"],
      rhythm: { interval: 1, unit: "month" },
      rhythmSetAt: "2025-06-10T12:00:00.000Z",
      lastContactedAt: null,
      dueDate: "2025-07-10",
      nextDueAt: "2025-07-10T00:00:00.000Z",
      state: "on_track",
      isSnoozed: false,
      archivedAt: null,
    });
    expect(await getContact(t.app, user, created.id)).toEqual(created);
  });

  it("explains what is wrong with bad input and stores nothing", async () => {
    const before = (await list()).total;
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "", emails: [{ value: "nope" }], latitude: 100, longitude: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      firstName: "Enter a first or last name",
      "emails.0.value": "Please enter a valid email address",
      latitude: "Latitude must be between -90 and 90",
    });
    expect((await list()).total).toBe(before);
  });

  it("keeps labelled postal addresses and refuses two places on the map", async () => {
    const home = { label: "Home", street: " 12 Main St ", city: "Leeds", isPlace: true };
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "Addie", addresses: [home, { ...home, label: "Work" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      addresses: "Only one address can be the place on the map",
    });
    const c = await addContact(t.app, user, {
      firstName: "Addie",
      addresses: [home, { street: "", city: " " }, { postalCode: "LS1 4AP", country: "UK" }],
    });
    expect(c.addresses).toEqual([
      {
        label: "Home",
        street: "12 Main St",
        extended: "",
        city: "Leeds",
        region: "",
        postalCode: "",
        country: "",
        isPlace: true,
      },
      {
        street: "",
        extended: "",
        city: "",
        region: "",
        postalCode: "LS1 4AP",
        country: "UK",
        isPlace: false,
      },
    ]);
    expect(await getContact(t.app, user, c.id)).toEqual(c);
  });

  it("records when you were last in touch, as history, when creating", async () => {
    const c = await addContact(t.app, user, {
      firstName: "Grace",
      rhythm: { interval: 1, unit: "week" },
      preferredMethod: "email",
      lastContactedOn: "2025-05-01",
    });
    expect(c).toMatchObject({
      lastContactedAt: "2025-05-01T12:00:00.000Z",
      dueDate: "2025-05-08",
      state: "overdue",
      daysUntilDue: -33,
    });
    const history = await injectAs(t.app, user, { url: `/api/contacts/${c.id}/interactions` });
    expect(history.json().items).toMatchObject([
      { channel: "email", occurredAt: c.lastContactedAt },
    ]);

    const future = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "Later", lastContactedOn: "2025-06-11" },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe("The last contact can't be in the future.");
  });

  it("edits a contact partially; a new rhythm restarts from the last contact", async () => {
    const c = await addContact(t.app, user, { firstName: "Alan", lastName: "Turing" });
    expect(c.state).toBe("no_rhythm");
    const patch = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "PATCH", url: `/api/contacts/${c.id}`, payload });

    const withRhythm = await patch({ rhythm: { interval: 2, unit: "week" }, notes: "Codebreaker" });
    // Every edit stamps updatedAt (Drizzle's $onUpdate, at the time of the write).
    expect(Date.parse(withRhythm.json().updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    expect(withRhythm.json()).toMatchObject({
      firstName: "Alan",
      notes: "Codebreaker",
      rhythm: { interval: 2, unit: "week" },
      dueDate: "2025-06-24",
      state: "on_track",
    });
    // Keeping the same rhythm does not move the due date.
    setNow(t.app, "2025-06-20T12:00:00Z");
    expect((await patch({ rhythm: { interval: 2, unit: "week" } })).json().dueDate).toBe(
      "2025-06-24",
    );
    expect((await patch({ rhythm: null })).json()).toMatchObject({
      rhythm: null,
      nextDueAt: null,
      state: "no_rhythm",
    });

    const noName = await patch({ firstName: "", lastName: null });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual({ firstName: "Enter a first or last name" });
    const halfPlace = await patch({ latitude: 10 });
    expect(halfPlace.statusCode).toBe(400);
    expect((await getContact(t.app, user, c.id)).lastName).toBe("Turing");
  });

  it("archives, unarchives and deletes", async () => {
    const c = await addContact(t.app, user, { firstName: "Archie" });
    const archived = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/archive`,
    });
    expect(archived.json().archivedAt).toBe("2025-06-10T12:00:00.000Z");
    expect((await list()).items.map((i) => i.id)).not.toContain(c.id);
    expect((await list("?archived=true")).items.map((i) => i.id)).toEqual([c.id]);
    const back = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/unarchive`,
    });
    expect(back.json().archivedAt).toBeNull();

    const del = await injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${c.id}` });
    expect(del.statusCode).toBe(204);
    const gone = await injectAs(t.app, user, { url: `/api/contacts/${c.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe("That contact was not found. It may have been deleted.");
  });

  it("keeps due days in the user's zone, and recomputes them after a zone change", async () => {
    setNow(t.app, "2025-06-10T02:00:00Z"); // still June 9 in New York
    const zoned = await createUser(t.app);
    await setTimeZone(t.app, zoned.id, "America/New_York");
    const c = await addContact(t.app, zoned, {
      firstName: "Nyc",
      rhythm: { interval: 1, unit: "week" },
    });
    expect(c).toMatchObject({ dueDate: "2025-06-16", nextDueAt: "2025-06-16T04:00:00.000Z" });
    await setTimeZone(t.app, zoned.id, "Asia/Tokyo");
    await t.app.db.transaction((tx) => recomputeDueDates(tx, zoned.id, "Asia/Tokyo"));
    // Set at 11:00 on June 10 in Tokyo: due a week later, from midnight Tokyo time.
    expect(await getContact(t.app, zoned, c.id)).toMatchObject({
      dueDate: "2025-06-17",
      nextDueAt: "2025-06-16T15:00:00.000Z",
      updatedAt: c.updatedAt, // a new zone is not an edit of the contact
    });
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ url: "/api/contacts" });
    expect(res.statusCode).toBe(401);
  });
});

describe("contacts list", () => {
  let t: TestApp;
  let user: TestUser;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    await setTimeZone(t.app, user.id, "America/New_York");
    setNow(t.app, "2025-03-01T17:00:00Z");
    const add = (body: Record<string, unknown>) => addContact(t.app, user, body);
    const weekly = { interval: 1, unit: "week" };
    const made: Contact[] = [
      await add({
        firstName: "Ada",
        company: "Engines",
        tags: ["work"],
        rhythm: weekly,
        lastContactedOn: "2025-02-01",
        countryCode: "GB",
      }),
      await add({
        firstName: "Bea",
        notes: "Loves climbing",
        rhythm: weekly,
        lastContactedOn: "2025-02-23",
      }),
      await add({
        firstName: "Cy",
        emails: [{ value: "cy@example.com" }],
        rhythm: { interval: 1, unit: "month" },
        tags: ["Work"],
        country: "Spain",
      }),
      await add({ firstName: "Dee" }),
    ];
    ids = Object.fromEntries(made.map((c) => [c.firstName, c.id]));
  });
  afterAll(async () => t.close());

  const list = async (query = "") => {
    const res = await injectAs(t.app, user, { url: `/api/contacts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactList>();
  };
  const names = (l: ContactList) => l.items.map((c) => c.firstName);

  it("lists with states in the user's zone, counts and today", async () => {
    setNow(t.app, "2025-03-02T03:00:00Z"); // still Mar 1 in New York
    const l = await list();
    expect(l.today).toBe("2025-03-01");
    expect(l.timeZone).toBe("America/New_York");
    expect(names(l)).toEqual(["Ada", "Bea", "Cy", "Dee"]);
    expect(l.items.map((c) => c.state)).toEqual(["overdue", "due_soon", "on_track", "no_rhythm"]);
    expect(l.counts).toEqual({ all: 4, overdue: 1, due_soon: 1, on_track: 1, no_rhythm: 1 });
    expect(l.total).toBe(4);
    expect(l.limit).toBe(1000);
  });

  it("searches name, email, company, notes and tags", async () => {
    expect(names(await list("?q=engines"))).toEqual(["Ada"]);
    expect(names(await list("?q=CLIMBING"))).toEqual(["Bea"]);
    expect(names(await list("?q=cy%40example"))).toEqual(["Cy"]);
    expect(names(await list("?q=work"))).toEqual(["Ada", "Cy"]);
    expect(names(await list("?q=nobody"))).toEqual([]);
  });

  it("filters by state, tag, rhythm and country, counting states over the other filters", async () => {
    const overdue = await list("?state=overdue");
    expect(names(overdue)).toEqual(["Ada"]);
    expect(overdue.counts.all).toBe(4);
    const work = await list("?tag=WORK");
    expect(names(work)).toEqual(["Ada", "Cy"]);
    expect(work.counts).toEqual({ all: 2, overdue: 1, due_soon: 0, on_track: 1, no_rhythm: 0 });
    expect(names(await list("?rhythm=1-week"))).toEqual(["Ada", "Bea"]);
    expect(names(await list("?rhythm=none"))).toEqual(["Dee"]);
    expect(names(await list("?country=gb"))).toEqual(["Ada"]);
    expect(names(await list("?country=Spain"))).toEqual(["Cy"]);
  });

  it("sorts by name, last contacted and recently added", async () => {
    expect(names(await list("?sort=name"))).toEqual(["Ada", "Bea", "Cy", "Dee"]);
    expect(names(await list("?sort=last_contacted"))).toEqual(["Bea", "Ada", "Cy", "Dee"]);
    expect(names(await list("?sort=recently_added"))[0]).toBe("Dee");
  });

  it("rejects unknown filters and sorts with a message", async () => {
    const res = await injectAs(t.app, user, { url: "/api/contacts?sort=age&state=late" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["sort", "state"]);
  });

  it("lists tags with counts, ignoring case", async () => {
    const res = await injectAs(t.app, user, { url: "/api/contacts/tags" });
    expect(res.json()).toEqual({ tags: [{ tag: "work", count: 2, rhythm: null, followers: 0 }] });
  });

  it("assigns a rhythm in bulk to chosen contacts or to a tag", async () => {
    const bulk = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "POST", url: "/api/contacts/bulk/rhythm", payload });
    const quarterly = { interval: 3, unit: "month" };
    const byIds = await bulk({ contactIds: [ids.Dee, ids.Bea], rhythm: quarterly });
    expect(byIds.json()).toMatchObject({ updated: 2, matched: 2 });
    const dee = await getContact(t.app, user, ids.Dee!);
    expect(dee).toMatchObject({ rhythm: quarterly, dueDate: "2025-06-01", state: "on_track" });
    // Bea was last contacted on Feb 23: quarterly from then.
    expect((await getContact(t.app, user, ids.Bea!)).dueDate).toBe("2025-05-23");

    expect((await bulk({ tag: "Work", rhythm: null })).json()).toMatchObject({
      updated: 2,
      overwritten: 2,
    });
    expect((await getContact(t.app, user, ids.Ada!)).state).toBe("no_rhythm");
    expect((await bulk({ tag: "work", rhythm: null })).json()).toEqual({
      updated: 0,
      overwritten: 0,
      matched: 2,
      undoId: null,
    });

    const nothing = await bulk({ rhythm: quarterly });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toEqual({ contactIds: "Choose some contacts or a tag" });
  });
});
