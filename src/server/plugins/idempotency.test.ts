// Writes sent again with their Idempotency-Key (a change queued offline, a second tab, a lost
// answer) are applied once and answered with the first result, per user.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../tests/helpers/test-app";
import { addContact, getContact } from "../../../tests/helpers/contacts-test-kit";
import { STALE_CONTACT_MESSAGE } from "../../core/contacts";
import { contactUndos, idempotencyKeys, interactions } from "../db/schema/index";
import { upkeepDatabase } from "../jobs/database-upkeep";
import {
  BAD_IDEMPOTENCY_KEY_MESSAGE,
  CHANGE_IN_PROGRESS_MESSAGE,
  REUSED_IDEMPOTENCY_KEY_MESSAGE,
} from "./idempotency";

describe("Idempotency-Key on writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const logAs = (user: TestUser, contactId: string, key: string, payload: object = {}) =>
    injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${contactId}/interactions`,
      headers: { "idempotency-key": key },
      payload,
    });

  async function countInteractions(contactId: string) {
    const rows = await t.app.db
      .select({ id: interactions.id })
      .from(interactions)
      .where(eq(interactions.contactId, contactId));
    return rows.length;
  }

  it("answers a repeat with the first result and logs one entry", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Ada" });
    const first = await logAs(user, contact.id, "offline-1", { note: "Called" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const again = await logAs(user, contact.id, "offline-1", { note: "Called" });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await countInteractions(contact.id)).toBe(1);
  });

  it("logs one entry when two copies of a change arrive at once", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Grace" });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => logAs(user, contact.id, "two-tabs:1")),
    );
    expect(await countInteractions(contact.id)).toBe(1);
    for (const answer of answers) {
      if (answer.statusCode === 409) {
        expect(answer.json().error).toMatchObject({
          code: "CHANGE_IN_PROGRESS",
          message: CHANGE_IN_PROGRESS_MESSAGE,
        });
      } else {
        expect(answer.statusCode, answer.body).toBe(201);
      }
    }
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    // Once the first is saved, every later copy gets its answer.
    const later = await logAs(user, contact.id, "two-tabs:1");
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBe("true");
  });

  it("takes over a reservation left without an answer by a process that stopped", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Katherine" });
    await t.app.db.insert(idempotencyKeys).values({
      userId: user.id,
      key: "left-behind",
      route: "POST /api/contacts/:id/interactions",
      requestHash: "unfinished",
    });
    // Fresh, it still holds the key (for a change other than this one).
    expect((await logAs(user, contact.id, "left-behind")).statusCode).toBe(422);
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, "left-behind"));
    const taken = await logAs(user, contact.id, "left-behind");
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await countInteractions(contact.id)).toBe(1);
  });

  it("refuses the same key with a different change, and a key of the wrong shape", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Alan" });
    expect((await logAs(user, contact.id, "k.1", { note: "One" })).statusCode).toBe(201);
    const other = await logAs(user, contact.id, "k.1", { note: "Two" });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: REUSED_IDEMPOTENCY_KEY_MESSAGE,
    });
    const otherRoute = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${contact.id}/snooze`,
      headers: { "idempotency-key": "k.1" },
      payload: { days: 7 },
    });
    expect(otherRoute.statusCode).toBe(422);
    expect(await countInteractions(contact.id)).toBe(1);

    for (const bad of ["has space", "x".repeat(201), "semi;colon"]) {
      const answer = await logAs(user, contact.id, bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().error.message).toBe(BAD_IDEMPOTENCY_KEY_MESSAGE);
    }
    expect(await countInteractions(contact.id)).toBe(1);
  });

  it("keeps each user's keys apart", async () => {
    const [ada, bob] = [await createUser(t.app), await createUser(t.app)];
    const adas = await addContact(t.app, ada, { firstName: "Ada's friend" });
    const bobs = await addContact(t.app, bob, { firstName: "Bob's friend" });
    expect((await logAs(ada, adas.id, "shared-key")).statusCode).toBe(201);
    const bobAnswer = await logAs(bob, bobs.id, "shared-key");
    expect(bobAnswer.statusCode, bobAnswer.body).toBe(201);
    expect(bobAnswer.headers["idempotent-replayed"]).toBeUndefined();
    expect(bobAnswer.json().contact.id).toBe(bobs.id);
    // Bob's copy of Ada's request does not see Ada's answer.
    const probe = await logAs(bob, adas.id, "shared-key");
    expect(probe.statusCode).toBe(422);
    expect(await countInteractions(adas.id)).toBe(1);
    expect(await countInteractions(bobs.id)).toBe(1);
  });

  it("replays a stale edit's conflict and never applies it later", async () => {
    const user = await createUser(t.app);
    const opened = await addContact(t.app, user, { firstName: "Edsger" });
    const edit = (key: string, payload: object) =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: `/api/contacts/${opened.id}`,
        headers: { "idempotency-key": key },
        payload,
      });
    expect(
      (await edit("e1", { company: "TH", expectedUpdatedAt: opened.updatedAt })).statusCode,
    ).toBe(200);
    const stale = await edit("e2", { notes: "Offline note", expectedUpdatedAt: opened.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(STALE_CONTACT_MESSAGE);
    const again = await edit("e2", { notes: "Offline note", expectedUpdatedAt: opened.updatedAt });
    expect(again.statusCode).toBe(409);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await getContact(t.app, user, opened.id)).toMatchObject({ company: "TH", notes: null });
  });

  it("creates one contact, snoozes once and edits a note once per key", async () => {
    const user = await createUser(t.app);
    const create = () =>
      injectAs(t.app, user, {
        method: "POST",
        url: "/api/contacts",
        headers: { "idempotency-key": "new-contact-1" },
        payload: { firstName: "Barbara", rhythm: { interval: 1, unit: "week" } },
      });
    const [a, b] = [await create(), await create()];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    const list = await injectAs(t.app, user, { method: "GET", url: "/api/contacts" });
    expect(list.json().total).toBe(1);

    const snooze = () =>
      injectAs(t.app, user, {
        method: "POST",
        url: `/api/contacts/${a.json().id}/snooze`,
        headers: { "idempotency-key": "snooze-1" },
        payload: { days: 3 },
      });
    const [s1, s2] = [await snooze(), await snooze()];
    expect(s1.statusCode, s1.body).toBe(200);
    expect(s2.headers["idempotent-replayed"]).toBe("true");
    expect(s2.json()).toEqual(s1.json());

    const logged = await logAs(user, a.json().id, "log-b", { note: "Lunch" });
    const interactionId = logged.json().interaction.id as string;
    const editNote = () =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: `/api/contacts/${a.json().id}/interactions/${interactionId}`,
        headers: { "idempotency-key": "note-edit-1" },
        payload: { note: "Long lunch" },
      });
    const [n1, n2] = [await editNote(), await editNote()];
    expect(n1.statusCode, n1.body).toBe(200);
    expect(n2.headers["idempotent-replayed"]).toBe("true");
    expect(n2.json()).toEqual(n1.json());
  });

  it("archives, undoes and deletes once per key, answering a repeat with the first result", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Hedy" });
    const send = (method: "POST" | "DELETE", url: string, key: string) =>
      injectAs(t.app, user, { method, url, headers: { "idempotency-key": key } });
    const countUndos = async () => {
      const rows = await t.app.db
        .select({ id: contactUndos.id })
        .from(contactUndos)
        .where(eq(contactUndos.userId, user.id));
      return rows.length;
    };

    const archive = () => send("POST", `/api/contacts/${contact.id}/archive`, "archive-1");
    const [a1, a2] = [await archive(), await archive()];
    expect(a1.statusCode, a1.body).toBe(200);
    expect(a1.headers["idempotent-replayed"]).toBeUndefined();
    expect(a2.statusCode).toBe(200);
    expect(a2.headers["idempotent-replayed"]).toBe("true");
    expect(a2.json()).toEqual(a1.json());
    // One archive: one undo recorded, and the contact archived at the first one's time.
    expect(await countUndos()).toBe(1);
    const archivedAt = (await getContact(t.app, user, contact.id)).archivedAt;
    expect(archivedAt).toBe(a1.json().archivedAt);

    const undo = () => send("POST", `/api/contacts/undo/${a1.json().undoId}`, "undo-1");
    const [u1, u2] = [await undo(), await undo()];
    expect(u1.statusCode, u1.body).toBe(200);
    expect(u2.statusCode, u2.body).toBe(200);
    expect(u2.headers["idempotent-replayed"]).toBe("true");
    expect(u2.json()).toEqual(u1.json());
    expect((await getContact(t.app, user, contact.id)).archivedAt).toBeNull();
    // Without the key, a second undo is refused as before.
    const bare = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/undo/${a1.json().undoId}`,
    });
    expect(bare.statusCode).toBe(404);

    const unarchive = await send("POST", `/api/contacts/${contact.id}/unarchive`, "archive-1");
    expect(unarchive.statusCode, "the archive's key, on another route").toBe(422);

    const remove = () => send("DELETE", `/api/contacts/${contact.id}`, "delete-1");
    const [d1, d2] = [await remove(), await remove()];
    expect(d1.statusCode, d1.body).toBe(204);
    expect(d2.statusCode, d2.body).toBe(204);
    expect(d2.headers["idempotent-replayed"]).toBe("true");
    const gone = await injectAs(t.app, user, { method: "GET", url: `/api/contacts/${contact.id}` });
    expect(gone.statusCode).toBe(404);
    // A new key is a new delete: the contact is gone, and that is said.
    const fresh = await send("DELETE", `/api/contacts/${contact.id}`, "delete-2");
    expect(fresh.statusCode).toBe(404);
  });

  it("forgets keys after a day: the upkeep job removes them", async () => {
    const user = await createUser(t.app);
    const contact = await addContact(t.app, user, { firstName: "Old" });
    await logAs(user, contact.id, "old-key");
    await logAs(user, contact.id, "new-key");
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, "old-key"));
    const counts = await upkeepDatabase(t.app.services.database, new Date());
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual(["new-key"]);
  });
});
