import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDueContact,
  createReminderUser,
  digestsTo,
  linksIn,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { build, injectAs, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { interactions } from "../../db/schema/index";

describe("a household in the reminder digest", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it('says "The Carters (Sam and Jo)" once, and its one tap logs both', async () => {
    setNow(t.app, "2026-04-10T05:00:00Z");
    ({ user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" }));
    const sam = await addDueContact(t.app, user, { firstName: "Sam", lastName: "Carter" });
    const jo = await addDueContact(t.app, user, { firstName: "Jo", lastName: "Carter" });
    const created = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/households",
      payload: { name: "The Carters", contactIds: [sam.id, jo.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    setNow(t.app, "2026-04-10T06:00:01Z");
    await runJobs(t.app);
    const [digest] = await digestsTo(t.app, user.email);
    expect(digest!.text.split("The Carters (Sam and Jo)")).toHaveLength(2);
    expect(digest!.text).not.toContain("Sam Carter");
    expect(digest!.text).toContain("2 people are due");
    const links = linksIn(digest!.text, "Mark contacted");
    expect(links).toHaveLength(1);

    const done = await t.app.inject({ method: "POST", url: new URL(links[0]!).pathname });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Sam Carter and Jo Carter");
    for (const id of [sam.id, jo.id]) {
      const logged = await t.app.db
        .select()
        .from(interactions)
        .where(and(eq(interactions.userId, user.id), eq(interactions.contactId, id)));
      expect(logged.filter((i) => !i.isDateOnly)).toHaveLength(1);
    }
  });
});
