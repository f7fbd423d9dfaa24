import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Contact } from "../../../core/contacts";
import type {
  BulkRhythmResult,
  Interaction,
  LogInteractionResult,
  UndoableContact,
} from "../../../core/interactions";
import { addContact, getContact, setNow } from "../../../../tests/helpers/contacts-test-kit";

describe("undo of one-tap changes", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setNow(t.app, "2025-06-10T12:00:00Z"));

  const weekly = { interval: 1, unit: "week" };
  const post = async <T>(url: string, payload?: unknown, as = user) => {
    const res = await injectAs(t.app, as, { method: "POST", url, payload: payload as object });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const history = async (id: string) =>
    (await injectAs(t.app, user, { url: `/api/contacts/${id}/interactions` })).json<{
      items: Interaction[];
    }>().items;
  const undo = (undoId: string, as = user) =>
    post<{ contacts: Contact[]; error?: { message: string } }>(
      `/api/contacts/undo/${undoId}`,
      undefined,
      as,
    );

  it("undoing a log deletes the entry and restores last contact, due date and snooze exactly", async () => {
    const c = await addContact(t.app, user, {
      firstName: "Ada",
      rhythm: weekly,
      lastContactedOn: "2025-06-01",
    });
    // A snooze the log drops and the undo must bring back.
    const snoozed = await post<UndoableContact>(`/api/contacts/${c.id}/snooze`, { days: 5 });
    expect(snoozed.status).toBe(200);
    const before = await getContact(t.app, user, c.id);
    const historyBefore = await history(c.id);
    expect(before.isSnoozed).toBe(true);

    const logged = await post<LogInteractionResult>(`/api/contacts/${c.id}/interactions`, {});
    expect(logged.status).toBe(201);
    expect(logged.body.contact.isSnoozed).toBe(false);
    expect(await history(c.id)).toHaveLength(historyBefore.length + 1);

    const undone = await undo(logged.body.undoId);
    expect(undone.status).toBe(200);
    expect(undone.body.contacts).toEqual([before]);
    expect(await getContact(t.app, user, c.id)).toEqual(before);
    expect(await history(c.id)).toEqual(historyBefore);

    // Single use: a second undo finds nothing.
    expect((await undo(logged.body.undoId)).status).toBe(404);
  });

  it("undoing a snooze puts back the previous snooze, not the rhythm's date", async () => {
    const c = await addContact(t.app, user, { firstName: "Bea", rhythm: weekly });
    await post(`/api/contacts/${c.id}/snooze`, { days: 3 });
    const firstSnooze = await getContact(t.app, user, c.id);
    const second = await post<UndoableContact>(`/api/contacts/${c.id}/snooze`, { days: 7 });
    expect(second.body.dueDate).not.toBe(firstSnooze.dueDate);
    const undone = await undo(second.body.undoId);
    expect(undone.status).toBe(200);
    expect(await getContact(t.app, user, c.id)).toEqual(firstSnooze);
  });

  it("undoing an archive (and an unarchive) restores the contact as it was", async () => {
    const c = await addContact(t.app, user, { firstName: "Cy", rhythm: weekly });
    const before = await getContact(t.app, user, c.id);
    const archived = await post<UndoableContact>(`/api/contacts/${c.id}/archive`);
    expect(archived.body.archivedAt).not.toBeNull();
    expect((await undo(archived.body.undoId)).status).toBe(200);
    expect(await getContact(t.app, user, c.id)).toEqual(before);

    await post(`/api/contacts/${c.id}/archive`);
    const whileArchived = await getContact(t.app, user, c.id);
    const restored = await post<UndoableContact>(`/api/contacts/${c.id}/unarchive`);
    expect((await undo(restored.body.undoId)).status).toBe(200);
    expect(await getContact(t.app, user, c.id)).toEqual(whileArchived);
  });

  it("previews a bulk rhythm change, then undoes it per contact", async () => {
    const withRhythm = await addContact(t.app, user, {
      firstName: "Dee",
      rhythm: { interval: 3, unit: "month" },
      lastContactedOn: "2025-05-01",
    });
    const without = await addContact(t.app, user, { firstName: "Eve" });
    const same = await addContact(t.app, user, { firstName: "Fay", rhythm: weekly });
    const ids = [withRhythm.id, without.id, same.id];
    const before = await Promise.all(ids.map((id) => getContact(t.app, user, id)));

    const preview = await post<BulkRhythmResult>("/api/contacts/bulk/rhythm", {
      contactIds: ids,
      rhythm: weekly,
      preview: true,
    });
    expect(preview.body).toEqual({ updated: 2, overwritten: 1, matched: 3, undoId: null });
    expect(await Promise.all(ids.map((id) => getContact(t.app, user, id)))).toEqual(before);

    const applied = await post<BulkRhythmResult>("/api/contacts/bulk/rhythm", {
      contactIds: ids,
      rhythm: weekly,
    });
    expect(applied.body).toMatchObject({ updated: 2, overwritten: 1, matched: 3 });
    expect((await getContact(t.app, user, withRhythm.id)).rhythm).toEqual(weekly);

    const undone = await undo(applied.body.undoId!);
    expect(undone.status).toBe(200);
    expect(undone.body.contacts).toHaveLength(2);
    expect(await Promise.all(ids.map((id) => getContact(t.app, user, id)))).toEqual(before);
  });

  it("a stale undo answers 409 and changes nothing", async () => {
    const c = await addContact(t.app, user, { firstName: "Gus", rhythm: weekly });
    const logged = await post<LogInteractionResult>(`/api/contacts/${c.id}/interactions`, {});
    const snoozed = await post<UndoableContact>(`/api/contacts/${c.id}/snooze`, { days: 2 });
    const current = await getContact(t.app, user, c.id);
    const stale = await undo(logged.body.undoId);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toMatch(/changed since/);
    expect(await getContact(t.app, user, c.id)).toEqual(current);
    expect(await history(c.id)).toHaveLength(1);

    // Undone in order, both go back.
    expect((await undo(snoozed.body.undoId)).status).toBe(200);
    expect((await undo(logged.body.undoId)).status).toBe(200);
    expect(await history(c.id)).toHaveLength(0);
    expect((await getContact(t.app, user, c.id)).lastContactedAt).toBeNull();
  });

  it("a log undo is stale once the history changed since", async () => {
    const c = await addContact(t.app, user, { firstName: "Hal", rhythm: weekly });
    const logged = await post<LogInteractionResult>(`/api/contacts/${c.id}/interactions`, {});
    // An older entry does not move the contact, but it is a change to the history.
    await post(`/api/contacts/${c.id}/interactions`, { occurredAt: "2025-01-01T10:00:00Z" });
    expect((await undo(logged.body.undoId)).status).toBe(409);
    expect(await history(c.id)).toHaveLength(2);
  });

  it("another user's undo id answers 404 and changes nothing", async () => {
    const c = await addContact(t.app, user, { firstName: "Ivy", rhythm: weekly });
    const archived = await post<UndoableContact>(`/api/contacts/${c.id}/archive`);
    const theirs = await undo(archived.body.undoId, other);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain("Ivy");
    expect((await getContact(t.app, user, c.id)).archivedAt).not.toBeNull();
    expect((await undo("not-a-uuid")).status).toBe(404);
    expect((await undo("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("refuses to snooze an archived contact", async () => {
    const c = await addContact(t.app, user, { firstName: "Jo", rhythm: weekly });
    await post(`/api/contacts/${c.id}/archive`);
    const res = await post<{ error: { message: string } }>(`/api/contacts/${c.id}/snooze`, {
      days: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Jo is archived. Unarchive them to snooze.");
  });
});
