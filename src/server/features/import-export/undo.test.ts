// Undo of the last import: added contacts go, merged contacts get back what the import changed
// (keeping the user's later edits), history brought by the import goes; only the latest, once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { fixture, listContacts, names, upload } from "../../../../tests/helpers/import-test-kit";

describe("undo the last import", () => {
  let t: TestApp;
  let user: TestUser;
  let alanId: string;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    user = await createUser(t.app);
    const alan = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      payload: {
        firstName: "Alan",
        lastName: "Turing",
        emails: [{ value: "alan@example.com" }],
        notes: "Typed by hand",
      },
    });
    alanId = alan.json().id;
  });

  const importGoogle = async () => {
    const res = await upload(t.app, user, "/api/imports", {
      name: "google.csv",
      content: fixture("google-contacts.csv"),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().import.id as string;
  };
  const undo = (id: string, as = user) =>
    injectAs(t.app, as, { method: "POST", url: `/api/imports/${id}/undo` });

  it("removes what the import added and restores what it merged", async () => {
    const id = await importGoogle();
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      removed: 4,
      restored: 1,
      import: { id, status: "undone", canUndo: false },
    });
    const list = await listContacts(t.app, user);
    expect(names(list)).toEqual(["Alan Turing"]);
    expect(list[0]).toMatchObject({ id: alanId, company: null, tags: [], notes: "Typed by hand" });
    const imports = (await injectAs(t.app, user, { url: "/api/imports" })).json().items;
    expect(imports[0]).toMatchObject({ id, status: "undone", canUndo: false });
  });

  it("keeps edits the user made to a merged contact after the import", async () => {
    const id = await importGoogle();
    await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${alanId}`,
      payload: { company: "Edited later" },
    });
    expect((await undo(id)).statusCode).toBe(200);
    const alan = (await listContacts(t.app, user)).find((c) => c.id === alanId)!;
    // The company was edited after the import: kept. The tags were the import's: restored.
    expect(alan).toMatchObject({ company: "Edited later", tags: [] });
  });

  it("removes the history an import logged, and moves last-contacted back", async () => {
    const csv = [
      "First name,Last name,Emails,Last contacted,Rhythm",
      "Alan,Turing,alan@example.com,2025-01-10T12:00:00.000Z,Monthly",
      "New,Person,new@example.com,2025-02-01T12:00:00.000Z,Weekly",
    ].join("\n");
    const res = await upload(t.app, user, "/api/imports", { name: "ours.csv", content: csv });
    expect(res.statusCode, res.body).toBe(201);
    let alan = (await listContacts(t.app, user)).find((c) => c.id === alanId)!;
    expect(alan).toMatchObject({
      lastContactedAt: "2025-01-10T12:00:00.000Z",
      rhythm: { interval: 1, unit: "month" },
    });
    const history = await injectAs(t.app, user, { url: `/api/contacts/${alanId}/interactions` });
    expect(history.json().items).toHaveLength(1);
    expect((await undo(res.json().import.id)).statusCode).toBe(200);
    alan = (await listContacts(t.app, user)).find((c) => c.id === alanId)!;
    expect(alan).toMatchObject({ lastContactedAt: null, rhythm: null, nextDueAt: null });
    const after = await injectAs(t.app, user, { url: `/api/contacts/${alanId}/interactions` });
    expect(after.json().items).toEqual([]);
  });

  it("undoes only the most recent import, and only once", async () => {
    const first = await importGoogle();
    const second = await upload(t.app, user, "/api/imports", {
      name: "outlook.csv",
      content: fixture("outlook-contacts.csv"),
    });
    const older = await undo(first);
    expect(older.statusCode).toBe(409);
    expect(older.json().error.message).toBe("Only your most recent import can be undone.");
    expect((await undo(second.json().import.id)).statusCode).toBe(200);
    const again = await undo(second.json().import.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This import was already undone.");
    expect(names(await listContacts(t.app, user))).toContain("Ada Lovelace");
  });

  it("records no import when re-importing changes nothing, so Undo stays with the real one", async () => {
    const id = await importGoogle();
    const before = await listContacts(t.app, user);
    const again = await upload(t.app, user, "/api/imports", {
      name: "google.csv",
      content: fixture("google-contacts.csv"),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(
      "Nothing changed: every contact in this file is already here with the same details. Your last import can still be undone.",
    );
    const imports = (await injectAs(t.app, user, { url: "/api/imports" })).json().items;
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ id, canUndo: true });
    expect(await listContacts(t.app, user)).toEqual(before);
    expect((await undo(id)).statusCode).toBe(200);
  });

  it("answers 404 for another user's import or an unknown id", async () => {
    const id = await importGoogle();
    const other = await createUser(t.app);
    expect((await undo(id, other)).statusCode).toBe(404);
    expect((await undo("not-a-uuid")).statusCode).toBe(404);
    expect((await undo("7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001")).statusCode).toBe(404);
    expect((await injectAs(t.app, other, { url: "/api/imports" })).json().items).toEqual([]);
    expect(names(await listContacts(t.app, user))).toContain("Ada Lovelace");
  });
});
