// Two editors of one contact: the second save, made on the version both opened, is refused with a
// message a person can act on, instead of silently undoing the first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { STALE_CONTACT_MESSAGE } from "../../../core/contacts";
import { addContact, getContact } from "../../../../tests/helpers/contacts-test-kit";

describe("stale contact edits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("refuses a save made on an older version and keeps the other change", async () => {
    const user = await createUser(t.app);
    const opened = await addContact(t.app, user, { firstName: "Ada", company: "Analytical" });
    const save = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, { method: "PATCH", url: `/api/contacts/${opened.id}`, payload });

    const first = await save({ company: "Engines Ltd", expectedUpdatedAt: opened.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().updatedAt).not.toBe(opened.updatedAt);

    const second = await save({ notes: "Met in London", expectedUpdatedAt: opened.updatedAt });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(STALE_CONTACT_MESSAGE);
    const now = await getContact(t.app, user, opened.id);
    expect(now).toMatchObject({ company: "Engines Ltd", notes: null });

    // Reloaded: the save on the current version goes through.
    const retried = await save({ notes: "Met in London", expectedUpdatedAt: now.updatedAt });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ company: "Engines Ltd", notes: "Met in London" });
  });

  it("lets two saves race on one version: exactly one wins", async () => {
    const user = await createUser(t.app);
    const opened = await addContact(t.app, user, { firstName: "Grace" });
    const answers = await Promise.all(
      ["Navy", "Harvard"].map((company) =>
        injectAs(t.app, user, {
          method: "PATCH",
          url: `/api/contacts/${opened.id}`,
          payload: { company, expectedUpdatedAt: opened.updatedAt },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses a version that is not a time, and still takes a save without one", async () => {
    const user = await createUser(t.app);
    const opened = await addContact(t.app, user, { firstName: "Alan" });
    const bad = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${opened.id}`,
      payload: { company: "Bletchley", expectedUpdatedAt: "yesterday" },
    });
    expect(bad.statusCode).toBe(400);
    const plain = await injectAs(t.app, user, {
      method: "PATCH",
      url: `/api/contacts/${opened.id}`,
      payload: { company: "Bletchley" },
    });
    expect(plain.statusCode).toBe(200);
  });
});
