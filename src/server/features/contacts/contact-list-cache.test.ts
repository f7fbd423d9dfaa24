// The contact list from cache: every kind of write changes the next answer (its
// ETag differs and the old tag no longer gets a 304), so does midnight in the user's zone, and a
// tag from one user's list never gets another user a 304 or a cached answer.
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { addContact } from "../../../../tests/helpers/contacts-test-kit";
import { upload } from "../../../../tests/helpers/import-test-kit";
import { matchesEtag, pickEncoding } from "./contact-list-cache";

type ListAnswer = { items: { id: string; firstName: string }[]; today: string; timeZone: string };

describe("contact list cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.app.clock.offsetMs = 0;
  });

  async function list(user: TestUser, headers: Record<string, string> = {}) {
    const res = await injectAs(t.app, user, { url: "/api/contacts", headers });
    expect([200, 304], res.body).toContain(res.statusCode);
    return { res, etag: String(res.headers.etag) };
  }

  /** The write must change the answer: a new tag, and the old one answered with the new list. */
  async function expectChanged(user: TestUser, write: () => Promise<unknown>) {
    const before = await list(user);
    expect((await list(user, { "if-none-match": before.etag })).res.statusCode).toBe(304);
    await write();
    const after = await list(user, { "if-none-match": before.etag });
    expect(after.res.statusCode).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    return after.res.json<ListAnswer>();
  }

  const post = (user: TestUser, url: string, payload?: object) =>
    injectAs(t.app, user, { method: "POST", url, payload }).then((res) => {
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      return res;
    });

  it("answers 304 to a current tag, with the tag again and no body", async () => {
    const user = await createUser(t.app);
    await addContact(t.app, user, { firstName: "Ada" });
    const first = await list(user);
    expect(first.res.headers["cache-control"]).toBe("private, no-cache");
    const again = await list(user, { "if-none-match": first.etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.body).toBe("");
    expect(again.etag).toBe(first.etag);
  });

  it("serves the same list compressed, from cache, as plain", async () => {
    const user = await createUser(t.app);
    await addContact(t.app, user, { firstName: "Ada" });
    const plain = (await list(user)).res;
    for (let i = 0; i < 2; i++) {
      const res = await injectAs(t.app, user, {
        url: "/api/contacts",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(res.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
    const gz = await injectAs(t.app, user, {
      url: "/api/contacts",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("changes the answer after every kind of write", async () => {
    const user = await createUser(t.app);
    let ada = { id: "" };
    let answer = await expectChanged(user, async () => {
      ada = await addContact(t.app, user, {
        firstName: "Ada",
        rhythm: { interval: 2, unit: "week" },
      });
    });
    expect(answer.items.map((c) => c.firstName)).toEqual(["Ada"]);
    answer = await expectChanged(user, () =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: `/api/contacts/${ada.id}`,
        payload: { firstName: "Augusta" },
      }),
    );
    expect(answer.items.map((c) => c.firstName)).toEqual(["Augusta"]);
    let interactionId = "";
    await expectChanged(user, async () => {
      const res = await post(user, `/api/contacts/${ada.id}/interactions`, { channel: "email" });
      interactionId = res.json<{ interaction: { id: string } }>().interaction.id;
    });
    await expectChanged(user, () =>
      injectAs(t.app, user, {
        method: "DELETE",
        url: `/api/contacts/${ada.id}/interactions/${interactionId}`,
      }),
    );
    await expectChanged(user, () => post(user, `/api/contacts/${ada.id}/snooze`, { days: 3 }));
    await expectChanged(user, () =>
      injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${ada.id}/snooze` }),
    );
    await expectChanged(user, () =>
      post(user, "/api/contacts/bulk/rhythm", {
        contactIds: [ada.id],
        rhythm: { interval: 1, unit: "month" },
      }),
    );
    await expectChanged(user, () => post(user, `/api/contacts/${ada.id}/archive`));
    await expectChanged(user, () => post(user, `/api/contacts/${ada.id}/unarchive`));
    let importId = "";
    answer = await expectChanged(user, async () => {
      const res = await upload(t.app, user, "/api/imports", {
        name: "friends.csv",
        content: "First name,Last name\nGrace,Hopper\n",
      });
      expect(res.statusCode, res.body).toBe(201);
      importId = res.json<{ import: { id: string } }>().import.id;
    });
    expect(answer.items.map((c) => c.firstName).sort()).toEqual(["Augusta", "Grace"]);
    answer = await expectChanged(user, () => post(user, `/api/imports/${importId}/undo`));
    expect(answer.items.map((c) => c.firstName)).toEqual(["Augusta"]);
    answer = await expectChanged(user, () =>
      injectAs(t.app, user, {
        method: "PATCH",
        url: "/api/settings/reminders",
        payload: {
          reminderMethod: "email",
          reminderFrequency: 1,
          reminderCadence: "weeks",
          reminderTime: "9",
          timezone: "Asia/Tokyo",
        },
      }),
    );
    expect(answer.timeZone).toBe("Asia/Tokyo");
    answer = await expectChanged(user, () =>
      injectAs(t.app, user, { method: "DELETE", url: `/api/contacts/${ada.id}` }),
    );
    expect(answer.items).toEqual([]);
  });

  it("changes the answer when midnight passes in the user's zone", async () => {
    const user = await createUser(t.app);
    await injectAs(t.app, user, {
      method: "PATCH",
      url: "/api/settings/reminders",
      payload: {
        reminderMethod: "email",
        reminderFrequency: 1,
        reminderCadence: "weeks",
        reminderTime: "9",
        timezone: "Pacific/Auckland",
      },
    });
    await addContact(t.app, user, { firstName: "Ada" });
    // 23:59 on 24 November in Auckland (UTC+13).
    t.app.clock.offsetMs = Date.parse("2026-11-24T10:59:00Z") - Date.now();
    const before = await list(user);
    expect(before.res.json<ListAnswer>().today).toBe("2026-11-24");
    t.app.clock.offsetMs = Date.parse("2026-11-24T11:01:00Z") - Date.now();
    const after = await list(user, { "if-none-match": before.etag });
    expect(after.res.statusCode).toBe(200);
    expect(after.res.json<ListAnswer>().today).toBe("2026-11-25");
  });

  it("never answers one user's tag with a 304 or a list for another user", async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    await addContact(t.app, ada, { firstName: "Ada's friend" });
    await addContact(t.app, bob, { firstName: "Bob's friend" });
    // Same version, same day, same zone: only the user tells the two lists apart.
    const adaList = await list(ada, { "accept-encoding": "br" });
    const bobList = await list(bob, { "if-none-match": adaList.etag, "accept-encoding": "br" });
    expect(bobList.res.statusCode).toBe(200);
    expect(bobList.etag).not.toBe(adaList.etag);
    const names = JSON.parse(
      zlib.brotliDecompressSync(bobList.res.rawPayload).toString(),
    ) as ListAnswer;
    expect(names.items.map((c) => c.firstName)).toEqual(["Bob's friend"]);
  });
});

describe("list cache parts", () => {
  it("compares If-None-Match tags, weak or in a list", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a", "b"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });

  it("picks brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});
