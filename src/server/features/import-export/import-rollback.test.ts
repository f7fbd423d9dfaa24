// An import is one transaction: when a write fails after others have been made, none of them
// stays. Every rule of ours is checked before the first write (strict mode refuses a bad row up
// front, the capacity check comes before any insert), so nothing in the app itself fails
// halfway. To prove the rollback anyway, this file gives its own database one constraint our
// schema does not have — at most one interaction per contact and moment — and imports a file
// whose last write breaks it. The database refuses that write for real (no mock), exactly as it
// would in a unique-constraint race, after the import record, a new contact with its history
// and a merge into an existing contact have been written.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { ACCOUNT_EXPORT_FORMAT } from "../../../core/import/account-export";
import { contacts, imports, interactions } from "../../db/schema/index";
import { upload } from "../../../../tests/helpers/import-test-kit";

const MOMENT = "2025-05-01T09:00:00.000Z";

describe("import rollback when a write fails halfway", () => {
  let t: TestApp;
  let user: TestUser;
  let alanId: string;
  beforeAll(async () => {
    t = await build();
    await t.app.db.execute(
      sql`create unique index interactions_one_per_moment on interactions (contact_id, occurred_at)`,
    );
    user = await createUser(t.app);
    const alan = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: { firstName: "Alan", lastName: "Turing", emails: [{ value: "alan@example.com" }] },
    });
    expect(alan.statusCode, alan.body).toBe(201);
    alanId = alan.json().id;
    const logged = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${alanId}/interactions`,
      payload: { occurredAt: MOMENT, channel: "email", note: "Wrote about the machine" },
    });
    expect(logged.statusCode, logged.body).toBe(201);
  });
  afterAll(async () => t.close());

  // A JSON account export from another account: Ada is new; Alan (same email) is merged, and
  // his history there has a call at the very moment of the email logged here. The merge adds
  // that call (a different channel is new history), and the extra index refuses it.
  const file = JSON.stringify({
    format: ACCOUNT_EXPORT_FORMAT,
    version: 1,
    contacts: [
      {
        id: "a",
        firstName: "Ada",
        lastName: "Lovelace",
        emails: [{ value: "ada@example.com" }],
        rhythm: { interval: 1, unit: "month" },
      },
      {
        id: "b",
        firstName: "Alan",
        lastName: "Turing",
        emails: [{ value: "alan@example.com" }],
        company: "Bletchley Park",
      },
    ],
    interactions: [
      { contactId: "a", occurredAt: "2025-04-01T10:00:00.000Z", channel: "phone", note: "Hi" },
      { contactId: "b", occurredAt: MOMENT, channel: "phone", note: "Same moment, by phone" },
    ],
  });

  async function stored() {
    const db = t.app.db;
    return {
      contacts: await db.select().from(contacts).where(eq(contacts.userId, user.id)),
      history: await db.select().from(interactions).where(eq(interactions.userId, user.id)),
      imports: await db.select().from(imports).where(eq(imports.userId, user.id)),
    };
  }

  it("the preview plans writes that the commit then starts making", async () => {
    const res = await upload(t.app, user, "/api/imports/preview", {
      name: "account.json",
      content: file,
      type: "application/json",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ summary: { create: 1, merge: 1, invalid: 0 } });
  });

  it("strict mode: a failed write answers 409 and leaves no contact, history or import behind", async () => {
    const before = await stored();
    const res = await upload(
      t.app,
      user,
      "/api/imports",
      { name: "account.json", content: file, type: "application/json" },
      { strict: true },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "CONFLICT",
      message: "That was changed at the same moment elsewhere. Please refresh and try again.",
    });
    const after = await stored();
    expect(after.imports).toEqual([]);
    expect(after.contacts).toEqual(before.contacts);
    expect(after.contacts.map((c) => c.firstName)).toEqual(["Alan"]);
    expect(after.contacts[0]).toMatchObject({ company: null, importId: null });
    expect(after.history).toEqual(before.history);
    expect(after.history).toMatchObject([{ channel: "email", note: "Wrote about the machine" }]);
    const list = await injectAs(t.app, user, { url: "/api/imports" });
    expect(list.json().items).toEqual([]);
    // The only notification is the failure: nothing says the import finished.
    const notes = await injectAs(t.app, user, { url: "/api/notifications" });
    expect(
      notes.json().map((n: { title: string; content: string }) => [n.title, n.content]),
    ).toEqual([
      [
        "Import failed",
        "<p>account.json: nothing was imported.</p><p>That was changed at the same moment elsewhere. Please refresh and try again.</p>",
      ],
    ]);
  });
});
