import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { parseNextLink, type Notification } from "../../../core/notifications";
import { userNotifications } from "../../db/schema/index";
import { notifyUsers, type NewNotification } from "./notify";

function note(userId: string, overrides: Partial<NewNotification> = {}): NewNotification {
  return {
    userId,
    type: "REMINDER",
    title: "2 people are due",
    content: "<ul><li>Ada: today</li></ul>",
    link: "/app/rhythms",
    metadata: { contactIds: ["c1"] },
    ...overrides,
  };
}

function signIn(app: FastifyInstance, user: TestUser, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_APP_URL, ...headers },
    payload: { email: user.email, password: "correct-horse-1" },
  });
}

async function signInForToken(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await signIn(app, user, { "x-bearer-token": "request" });
  expect(res.statusCode).toBe(200);
  const token = res.headers["set-auth-token"];
  expect(typeof token).toBe("string");
  return token as string;
}

describe("notification API (spec 02 §7)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const list = (user: TestUser, query = "") =>
    injectAs(t.app, user, { url: `/api/notifications${query}` });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
    for (const url of ["/api/notifications/mark-all-seen", `/api/notifications/x/seen`]) {
      const res = await t.app.inject({ method: "POST", url, headers: { origin: TEST_APP_URL } });
      expect(res.statusCode).toBe(401);
    }
  });

  it("lists the user's notifications with the spec's fields, newest first", async () => {
    const user = await createUser(t.app);
    await notifyUsers(t.app.db, [note(user.id, { title: "older" })]);
    await notifyUsers(t.app.db, [
      note(user.id, {
        type: "SYSTEM_ALERT",
        title: "Reminder emails are paused",
        content: "<p>Mail <b>refused</b></p>",
        link: "/app/settings",
        metadata: { channel: "email" },
      }),
    ]);
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBeUndefined();
    const items = res.json<Notification[]>();
    expect(items.map((n) => n.title)).toEqual(["Reminder emails are paused", "older"]);
    const [first] = items;
    expect(Object.keys(first!).sort()).toEqual(
      [
        "user_notification_id",
        "notification_id",
        "type",
        "title",
        "notification_created_at",
        "seen_at",
        "content",
        "link",
        "metadata",
      ].sort(),
    );
    expect(first).toMatchObject({
      type: "SYSTEM_ALERT",
      seen_at: null,
      content: "<p>Mail <b>refused</b></p>",
      link: "/app/settings",
      metadata: { channel: "email" },
    });
    expect(new Date(first!.notification_created_at).toISOString()).toBe(
      first!.notification_created_at,
    );
    expect(first!.user_notification_id).not.toBe(first!.notification_id);
  });

  it("pages with a cursor in the Link header: every row once, in order, even rows of one transaction", async () => {
    const user = await createUser(t.app);
    // Written in one statement: the same timestamp for all seven.
    await notifyUsers(
      t.app.db,
      Array.from({ length: 7 }, (_, i) => note(user.id, { title: `n${i}` })),
    );
    await notifyUsers(t.app.db, [note(user.id, { title: "latest" })]);
    const all = (await list(user, "?limit=100")).json<Notification[]>();
    expect(all).toHaveLength(8);
    expect(all[0]!.title).toBe("latest");

    const seen: string[] = [];
    let url: string | null = "/api/notifications?limit=3";
    let pages = 0;
    while (url) {
      const res = await injectAs(t.app, user, { url });
      expect(res.statusCode).toBe(200);
      const page = res.json<Notification[]>();
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((n) => n.user_notification_id));
      url = parseNextLink(res.headers.link as string | undefined);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((n) => n.user_notification_id));

    const bad = await list(user, "?cursor=not-a-cursor");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      "That page link is not valid. Load the notifications again from the first page.",
    );
    expect((await list(user, "?limit=0")).statusCode).toBe(400);
    expect((await list(user, "?limit=101")).statusCode).toBe(400);
    expect((await list(user, "?type=SPAM")).statusCode).toBe(400);
  });

  it("filters by type and read state, and the Link header keeps the filters", async () => {
    const user = await createUser(t.app);
    await notifyUsers(t.app.db, [
      note(user.id, { type: "REMINDER", title: "r1" }),
      note(user.id, { type: "REMINDER", title: "r2" }),
      note(user.id, { type: "ANNOUNCEMENT", title: "a1", link: null, metadata: undefined }),
      note(user.id, { type: "SYSTEM_ALERT", title: "s1" }),
    ]);
    const announcement = (await list(user, "?type=ANNOUNCEMENT")).json<Notification[]>();
    expect(announcement.map((n) => [n.title, n.link, n.metadata])).toEqual([["a1", null, null]]);

    const reminders = await list(user, "?type=REMINDER&limit=1");
    expect(reminders.json<Notification[]>()).toHaveLength(1);
    const next = parseNextLink(reminders.headers.link as string);
    expect(next).toMatch(/type=REMINDER/);
    const rest = (await injectAs(t.app, user, { url: next! })).json<Notification[]>();
    expect(rest.map((n) => n.type)).toEqual(["REMINDER"]);

    const target = announcement[0]!.user_notification_id;
    const seen = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/notifications/${target}/seen`,
    });
    expect(seen.statusCode).toBe(204);
    const read = (await list(user, "?status=read")).json<Notification[]>();
    expect(read.map((n) => n.title)).toEqual(["a1"]);
    const unread = (await list(user, "?status=unread")).json<Notification[]>();
    expect(unread.map((n) => n.title).sort()).toEqual(["r1", "r2", "s1"]);
    expect((await list(user, "?status=unread&type=SYSTEM_ALERT")).json()).toHaveLength(1);
  });

  it("marks one seen, keeping the first time on a repeat", async () => {
    const user = await createUser(t.app);
    await notifyUsers(t.app.db, [note(user.id)]);
    const [item] = (await list(user)).json<Notification[]>();
    const mark = () =>
      injectAs(t.app, user, {
        method: "POST",
        url: `/api/notifications/${item!.user_notification_id}/seen`,
      });
    const res = await mark();
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const [after] = (await list(user)).json<Notification[]>();
    expect(after!.seen_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    expect((await mark()).statusCode).toBe(204);
    const [again] = (await list(user)).json<Notification[]>();
    expect(again!.seen_at).toBe(after!.seen_at);
  });

  it("marks all of the user's notifications seen and nobody else's", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await notifyUsers(t.app.db, [note(user.id), note(user.id), note(other.id)]);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/notifications/mark-all-seen",
    });
    expect(res.statusCode).toBe(204);
    expect((await list(user, "?status=unread")).json()).toEqual([]);
    expect((await list(user, "?status=read")).json()).toHaveLength(2);
    expect((await list(other, "?status=unread")).json()).toHaveLength(1);
  });

  it("answers 404 for another user's notification and leaks nothing about it", async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    await notifyUsers(t.app.db, [note(owner.id, { title: "private" })]);
    const [item] = (await list(owner)).json<Notification[]>();

    expect((await list(intruder)).json()).toEqual([]);
    const missing = "00000000-0000-4000-8000-000000000000";
    const answers = [];
    for (const id of [item!.user_notification_id, item!.notification_id, missing, "nope"]) {
      const res = await injectAs(t.app, intruder, {
        method: "POST",
        url: `/api/notifications/${id}/seen`,
      });
      expect(res.statusCode).toBe(404);
      answers.push(res.json());
    }
    // Another user's row and a row that does not exist answer alike.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      error: { code: "NOT_FOUND", message: "That notification was not found." },
    });
    const [row] = await t.app.db
      .select({ seenAt: userNotifications.seenAt })
      .from(userNotifications)
      .where(eq(userNotifications.id, item!.user_notification_id));
    expect(row!.seenAt).toBeNull();
  });

  it("accepts Authorization: Bearer with the token sign-in returns, and the cookie still works", async () => {
    const user = await createUser(t.app);
    await notifyUsers(t.app.db, [note(user.id, { title: "for the API client" })]);
    const token = await signInForToken(t.app, user);
    const bearer = { authorization: `Bearer ${token}` };

    const res = await t.app.inject({ url: "/api/notifications", headers: bearer });
    expect(res.statusCode).toBe(200);
    const [item] = res.json<Notification[]>();
    expect(item!.title).toBe("for the API client");

    const seen = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${item!.user_notification_id}/seen`,
      headers: bearer,
    });
    expect(seen.statusCode).toBe(204);
    const all = await t.app.inject({
      method: "POST",
      url: "/api/notifications/mark-all-seen",
      headers: bearer,
    });
    expect(all.statusCode).toBe(204);

    // The same user through the browser's cookie sees the change.
    const [viaCookie] = (await list(user)).json<Notification[]>();
    expect(viaCookie!.seen_at).not.toBeNull();

    // A forged or unsigned token is no one.
    const unsigned = token.split(".")[0]!;
    for (const value of [`Bearer ${unsigned}`, `Bearer ${unsigned}.forged`, "Bearer ", token]) {
      const refused = await t.app.inject({
        url: "/api/notifications",
        headers: { authorization: value },
      });
      expect(refused.statusCode).toBe(401);
    }

    // Signing out ends the token too.
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...bearer, origin: TEST_APP_URL },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/notifications", headers: bearer })).statusCode).toBe(
      401,
    );
  });
});

describe("bearer tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("are given only to a sign-in that asks for one, never to the page's own requests", async () => {
    const user = await createUser(t.app);
    const plain = await signIn(t.app, user);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["set-auth-token"]).toBeUndefined();
    expect(plain.headers["access-control-expose-headers"]).toBeUndefined();
    expect(plain.headers["set-cookie"]).toBeDefined();

    const renamed = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/update-user",
      headers: { origin: TEST_APP_URL, "x-bearer-token": "request" },
      payload: { name: "Renamed" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers["set-auth-token"]).toBeUndefined();
    expect(renamed.headers["access-control-expose-headers"]).toBeUndefined();
  });

  it("work on the notification API only; everywhere else only the cookie counts", async () => {
    const user = await createUser(t.app);
    const bearer = { authorization: `Bearer ${await signInForToken(t.app, user)}` };
    expect((await t.app.inject({ url: "/api/notifications", headers: bearer })).statusCode).toBe(
      200,
    );
    for (const url of ["/api/me", "/api/profile", "/api/contacts", "/api/settings/reminders"]) {
      const res = await t.app.inject({ url, headers: bearer });
      expect(res.statusCode, url).toBe(401);
      // A cookie beside an unaccepted bearer is the session.
      const withCookie = await t.app.inject({ url, headers: { ...bearer, cookie: user.cookie } });
      expect(withCookie.statusCode, url).toBe(200);
    }
    const session = await t.app.inject({ url: "/api/auth/get-session", headers: bearer });
    expect(session.json()).toBeNull();
    const update = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { ...bearer, origin: TEST_APP_URL },
      payload: { name: "Taken over" },
    });
    expect(update.statusCode).toBe(401);
  });
});

describe("notifications without an active subscription", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local" });
  });
  afterAll(async () => t.close());

  it("still lists them: the alert that says why access lapsed must be readable", async () => {
    const user = await createUser(t.app);
    expect((await injectAs(t.app, user, { url: "/api/contacts" })).statusCode).toBe(402);
    await notifyUsers(t.app.db, [note(user.id, { type: "SYSTEM_ALERT", title: "Payment failed" })]);
    const res = await injectAs(t.app, user, { url: "/api/notifications" });
    expect(res.statusCode).toBe(200);
    expect(res.json<Notification[]>().map((n) => n.title)).toEqual(["Payment failed"]);
  });
});

describe("wake-ups of new notifications", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("a notification made alone wakes listeners after it commits, several in one batch", async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const woken: { userId: string; rows: number }[] = [];
    const reads: Promise<void>[] = [];
    const stop = await t.database.listen(
      "tend_notifications",
      (userId) => {
        reads.push(
          t.app.db
            .select()
            .from(userNotifications)
            .where(eq(userNotifications.userId, userId))
            .then((rows) => void woken.push({ userId, rows: rows.length })),
        );
      },
      () => {},
    );
    try {
      await Promise.all([notifyUsers(t.app.db, [note(a.id)]), notifyUsers(t.app.db, [note(b.id)])]);
      await expect.poll(() => woken.length, { timeout: 5000 }).toBe(2);
      await Promise.all(reads);
      expect(woken.map((w) => w.userId).sort()).toEqual([a.id, b.id].sort());
      expect(woken.every((w) => w.rows === 1)).toBe(true);
    } finally {
      await stop();
    }
  });

  it("one made in a caller's transaction that rolls back sends no wake-up", async () => {
    const user = await createUser(t.app);
    const woken: string[] = [];
    const stop = await t.database.listen(
      "tend_notifications",
      (id) => void woken.push(id),
      () => {},
    );
    try {
      await expect(
        t.app.db.transaction(async (tx) => {
          await notifyUsers(tx, [note(user.id)]);
          throw new Error("the caller's work failed");
        }),
      ).rejects.toThrow("the caller's work failed");
      await notifyUsers(t.app.db, [note(user.id, { title: "after" })]);
      await expect.poll(() => woken.length, { timeout: 5000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(woken).toEqual([user.id]);
    } finally {
      await stop();
    }
  });
});
