// A "last contacted" day (typed on a new contact, or a file's column) is kept as what it is: only
// the day is known, so the entry carries no time or channel to show until someone gives it one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { upload } from "../../../../tests/helpers/import-test-kit";
import type { Interaction } from "../../../core/interactions";
import { addContact, setNow } from "../../../../tests/helpers/contacts-test-kit";

describe("date-only history entries", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setNow(t.app, "2025-06-10T12:00:00Z"));

  const history = async (id: string) =>
    (await injectAs(t.app, user, { url: `/api/contacts/${id}/interactions` })).json<{
      items: Interaction[];
    }>().items;

  it("a typed last-contacted day is date-only; logging and editing by hand are not", async () => {
    const c = await addContact(t.app, user, {
      firstName: "Ada",
      preferredMethod: "text",
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: "2025-05-01",
    });
    const [typed] = await history(c.id);
    expect(typed).toMatchObject({ isDateOnly: true });

    const logged = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/contacts/${c.id}/interactions`,
      payload: { channel: "phone" },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().interaction).toMatchObject({ isDateOnly: false, channel: "phone" });

    // A note alone keeps it date-only; a time or a channel chosen by hand makes it a real entry.
    const edit = (payload: Record<string, unknown>) =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: `/api/contacts/${c.id}/interactions/${typed!.id}`,
        payload,
      });
    expect((await edit({ note: "Coffee" })).json().interaction).toMatchObject({
      isDateOnly: true,
      note: "Coffee",
    });
    expect((await edit({ occurredAt: "2025-05-01T18:30:00Z" })).json().interaction).toMatchObject({
      isDateOnly: false,
    });
  });

  it("a file's last-contacted column is date-only, and the JSON export keeps the flag", async () => {
    const imported = await upload(t.app, user, "/api/imports", {
      name: "friends.csv",
      content: "First name,Last name,Last contacted\nGrace,Hopper,2025-04-02\n",
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const list = (await injectAs(t.app, user, { url: "/api/contacts" })).json<{
      items: { id: string; firstName: string }[];
    }>().items;
    const grace = list.find((c) => c.firstName === "Grace")!;
    const entries = await history(grace.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ isDateOnly: true });

    const exported = await injectAs(t.app, user, { url: "/api/exports/account.json" });
    expect(exported.statusCode).toBe(200);
    const file = exported.json<{ interactions: Interaction[] }>();
    const graces = file.interactions.filter((i) => i.contactId === grace.id);
    expect(graces).toEqual([expect.objectContaining({ isDateOnly: true })]);
  });
});
