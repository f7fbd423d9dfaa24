import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Contact } from "../../../core/contacts";
import type { Interaction, InteractionResult } from "../../../core/interactions";
import { addContact, getContact, setNow } from "../../../../tests/helpers/contacts-test-kit";

describe("history and snooze", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setNow(t.app, "2025-06-10T12:00:00Z"));

  const weekly = { interval: 1, unit: "week" };
  const log = async (id: string, payload: Record<string, unknown> = {}) => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${id}/interactions`,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InteractionResult>();
  };
  const history = async (id: string) =>
    (await injectAs(t.app, user, { url: `/api/contacts/${id}/interactions` })).json<{
      items: Interaction[];
    }>().items;

  it("logging contact now moves an overdue contact to on track", async () => {
    const c = await addContact(t.app, user, {
      firstName: "Ada",
      rhythm: weekly,
      preferredMethod: "text",
      lastContactedOn: "2025-05-01",
    });
    expect(c.state).toBe("overdue");
    const { interaction, contact } = await log(c.id);
    expect(interaction).toMatchObject({
      channel: "text",
      note: null,
      occurredAt: "2025-06-10T12:00:00.000Z",
    });
    expect(contact).toMatchObject({
      lastContactedAt: "2025-06-10T12:00:00.000Z",
      dueDate: "2025-06-17",
      state: "on_track",
    });
  });

  it("logs with no body at all (one tap), defaulting the channel to other", async () => {
    const c = await addContact(t.app, user, { firstName: "Tap", rhythm: weekly });
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/interactions`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().interaction.channel).toBe("other");
  });

  it("a back-dated log moves the dates only when it is the latest", async () => {
    const c = await addContact(t.app, user, { firstName: "Bea", rhythm: weekly });
    expect(c.dueDate).toBe("2025-06-17"); // from when the rhythm was set
    const first = await log(c.id, {
      occurredAt: "2025-06-01T09:00:00Z",
      channel: "phone",
      note: "  Catch-up\r\n call ",
    });
    expect(first.interaction).toMatchObject({ channel: "phone", note: "Catch-up\n call" });
    expect(first.contact).toMatchObject({ dueDate: "2025-06-08", state: "overdue" });
    const older = await log(c.id, { occurredAt: "2025-05-20T09:00:00+02:00" });
    expect(older.contact.lastContactedAt).toBe("2025-06-01T09:00:00.000Z");
    expect((await history(c.id)).map((i) => i.occurredAt)).toEqual([
      "2025-06-01T09:00:00.000Z",
      "2025-05-20T07:00:00.000Z",
    ]);
  });

  it("deleting the latest moves last-contacted and the due date back; deleting all falls back to the rhythm's start", async () => {
    const c = await addContact(t.app, user, { firstName: "Cy", rhythm: weekly });
    const a = await log(c.id, { occurredAt: "2025-06-02T10:00:00Z" });
    const b = await log(c.id, { occurredAt: "2025-06-09T10:00:00Z" });
    expect(b.contact.dueDate).toBe("2025-06-16");
    const del = (id: string) =>
      injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${c.id}/interactions/${id}` });
    const afterB = await del(b.interaction!.id);
    expect(afterB.statusCode).toBe(200);
    expect(afterB.json().contact).toMatchObject({
      lastContactedAt: "2025-06-02T10:00:00.000Z",
      dueDate: "2025-06-09",
      state: "overdue",
    });
    const afterA = (await del(a.interaction!.id)).json<InteractionResult>().contact;
    expect(afterA).toMatchObject({ lastContactedAt: null, dueDate: "2025-06-17" });
    expect((await del(a.interaction!.id)).statusCode).toBe(404);
  });

  it("editing an interaction's time re-evaluates which one is latest", async () => {
    const c = await addContact(t.app, user, { firstName: "Dee", rhythm: weekly });
    const a = await log(c.id, { occurredAt: "2025-06-01T10:00:00Z" });
    await log(c.id, { occurredAt: "2025-06-05T10:00:00Z" });
    const edit = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: `/api/contacts/${c.id}/interactions/${a.interaction!.id}`,
        payload,
      });
    const moved = await edit({ occurredAt: "2025-06-08T10:00:00Z", note: "Lunch" });
    expect(moved.json()).toMatchObject({
      interaction: { note: "Lunch", occurredAt: "2025-06-08T10:00:00.000Z" },
      contact: { lastContactedAt: "2025-06-08T10:00:00.000Z", dueDate: "2025-06-15" },
    });
    const back = await edit({ occurredAt: "2025-05-01T10:00:00Z" });
    expect(back.json().contact).toMatchObject({ lastContactedAt: "2025-06-05T10:00:00.000Z" });
    const noteOnly = await edit({ note: null, channel: "in_person" });
    expect(noteOnly.json().interaction).toMatchObject({ note: null, channel: "in_person" });
  });

  it("refuses history in the future, before 1900 or with an unknown channel", async () => {
    const c = await addContact(t.app, user, { firstName: "Eve" });
    const post = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "POST", url: `/api/contacts/${c.id}/interactions`, payload });
    const future = await post({ occurredAt: "2025-06-11T12:00:00Z" });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe("You can't log contact in the future.");
    // A clock a minute ahead of the server still counts as now.
    expect((await post({ occurredAt: "2025-06-10T12:01:00Z" })).statusCode).toBe(201);
    expect((await post({ occurredAt: "1899-12-31T00:00:00Z" })).statusCode).toBe(400);
    expect((await post({ occurredAt: "yesterday" })).statusCode).toBe(400);
    expect((await post({ channel: "fax" })).json().error.fields).toEqual({
      channel: "Choose how you were in touch",
    });
    expect(await history(c.id)).toHaveLength(1);
  });

  it("snoozes by days from the later of today and the due day, until a day, and back", async () => {
    const c = await addContact(t.app, user, {
      firstName: "Fay",
      rhythm: weekly,
      lastContactedOn: "2025-05-20",
    });
    expect(c).toMatchObject({ dueDate: "2025-05-27", state: "overdue" });
    const snooze = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "POST", url: `/api/contacts/${c.id}/snooze`, payload });
    const threeDays = await snooze({ days: 3 });
    expect(threeDays.json<Contact>()).toMatchObject({
      dueDate: "2025-06-13",
      state: "on_track",
      isSnoozed: true,
      lastContactedAt: c.lastContactedAt,
    });
    expect((await snooze({ days: 2 })).json().dueDate).toBe("2025-06-15");
    expect((await snooze({ until: "2025-07-01" })).json().dueDate).toBe("2025-07-01");
    expect(await history(c.id)).toHaveLength(1);

    const today = await snooze({ until: "2025-06-10" });
    expect(today.statusCode).toBe(400);
    expect(today.json().error.message).toBe("Choose a day after today to snooze until.");
    expect((await snooze({ until: "2026-06-11" })).statusCode).toBe(400);
    expect((await snooze({ days: 0 })).statusCode).toBe(400);
    // Strict types: true, [] and "" are not a number of days (z.coerce took true as 1).
    for (const days of [true, [], "", null, "3 days"]) {
      const refused = await snooze({ days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(
        /Snooze by whole days|Choose how long to snooze/,
      );
    }
    expect((await snooze({ days: "4" })).statusCode).toBe(200);

    const cleared = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/contacts/${c.id}/snooze`,
    });
    expect(cleared.json()).toMatchObject({ dueDate: "2025-05-27", isSnoozed: false });
  });

  it("logging contact ends a snooze", async () => {
    const c = await addContact(t.app, user, { firstName: "Gus", rhythm: weekly });
    await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/snooze`,
      payload: { days: 30 },
    });
    const { contact } = await log(c.id);
    expect(contact).toMatchObject({ dueDate: "2025-06-17", isSnoozed: false });
  });

  it("cannot snooze someone without a rhythm", async () => {
    const c = await addContact(t.app, user, { firstName: "Hal", lastName: "Nine" });
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/snooze`,
      payload: { days: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Give Hal Nine a rhythm first; only contacts with a rhythm can be snoozed.",
    );
    expect((await getContact(t.app, user, c.id)).nextDueAt).toBeNull();
  });

  it("deleting a contact deletes its history", async () => {
    const c = await addContact(t.app, user, { firstName: "Ivy" });
    const { interaction } = await log(c.id);
    await injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${c.id}` });
    const res = await injectAs(t.app, user, {
      method: "DELETE",
      url: `/api/contacts/${c.id}/interactions/${interaction!.id}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
