// GET /api/notifications/stream over real HTTP, on both databases: an event for each change
// (created, seen, all seen) with the change's position as its id, exact replay after
// Last-Event-ID, nothing of another user's, the poll that covers a lost wake-up, heartbeats,
// no compression, and the end of the stream when the session ends.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse, type SseEvent } from "../../../../tests/helpers/sse-client";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { Notification } from "../../../core/notifications";
import { MAX_STREAMS_PER_USER } from "./notifications-stream.routes";
import { notifyUsers, type NewNotification } from "./notify";

function note(userId: string, title: string): NewNotification {
  return { userId, type: "SYSTEM_ALERT", title, content: `<p>${title}</p>`, link: null };
}

const data = (e: SseEvent) =>
  JSON.parse(e.data) as { kind: string; user_notification_id: string | null };

describe("notification stream", () => {
  let t: TestApp;
  let base: string;
  const POLL_MS = 300;

  beforeAll(async () => {
    t = await build({
      NOTIFICATIONS_STREAM_POLL_MS: String(POLL_MS),
      NOTIFICATIONS_HEARTBEAT_MS: "150",
    });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  const stream = (user: TestUser | null, headers: Record<string, string> = {}) =>
    openSse(`${base}/api/notifications/stream`, {
      ...(user ? { cookie: user.cookie } : {}),
      ...headers,
    });

  it("lets one user hold at most MAX_STREAMS_PER_USER streams; the next gets 429", async () => {
    const user = await createUser(t.app);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await stream(user);
      expect(s.status).toBe(200);
      open.push(s);
    }
    const refused = await stream(user);
    expect(refused.status).toBe(429);
    await refused.ended;
    // Another user is not affected, and a closed stream makes room again.
    const other = await stream(await createUser(t.app));
    expect(other.status).toBe(200);
    other.close();
    open.pop()!.close();
    let again = await stream(user);
    for (let i = 0; again.status !== 200 && i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await stream(user);
    }
    expect(again.status).toBe(200);
    again.close();
    for (const s of open) s.close();
  });

  it("answers 401 without a session", async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
    await s.ended;
  });

  it("sends an event for each change of the user's rows, and none of another user's", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const s = await stream(user, { "accept-encoding": "br, gzip" });
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.headers.get("x-accel-buffering")).toBe("no");
    // Compression would buffer the events: the stream is sent as it is.
    expect(s.headers.get("content-encoding")).toBeNull();
    const otherStream = await stream(other);

    await notifyUsers(t.app.db, [note(other.id, "not yours")]);
    await notifyUsers(t.app.db, [note(user.id, "first"), note(user.id, "second")]);
    const created = await s.waitFor(2);
    expect(created.map(data).map((d) => d.kind)).toEqual(["created", "created"]);
    const ids = created.map((e) => Number(e.id));
    expect(ids[1]).toBe(ids[0]! + 1);

    const items = (await injectAs(t.app, user, { url: "/api/notifications" })).json<
      Notification[]
    >();
    expect(new Set(created.map((e) => data(e).user_notification_id))).toEqual(
      new Set(items.map((n) => n.user_notification_id)),
    );

    const target = items[0]!.user_notification_id;
    const seen = await injectAs(t.app, user, {
      method: "POST",
      url: `/api/notifications/${target}/seen`,
    });
    expect(seen.statusCode).toBe(204);
    const [, , seenEvent] = await s.waitFor(3);
    expect(data(seenEvent!)).toEqual({ kind: "seen", user_notification_id: target });
    expect(Number(seenEvent!.id)).toBe(ids[1]! + 1);
    // Seeing it again changes nothing and sends nothing.
    await injectAs(t.app, user, { method: "POST", url: `/api/notifications/${target}/seen` });

    const all = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/notifications/mark-all-seen",
    });
    expect(all.statusCode).toBe(204);
    const [, , , allEvent] = await s.waitFor(4);
    expect(data(allEvent!)).toEqual({ kind: "all_seen", user_notification_id: null });
    // Nothing left unread: a second "mark all" is no change.
    await injectAs(t.app, user, { method: "POST", url: "/api/notifications/mark-all-seen" });

    await otherStream.waitFor(1);
    await new Promise((r) => setTimeout(r, POLL_MS * 2));
    expect(s.events).toHaveLength(4);
    expect(s.events.map((e) => data(e).user_notification_id)).not.toContain(
      data(otherStream.events[0]!).user_notification_id,
    );
    expect(otherStream.events).toHaveLength(1);
    // Heartbeats keep the idle stream open.
    expect(s.comments.length).toBeGreaterThan(0);
    s.close();
    otherStream.close();
  });

  it("replays exactly the events after Last-Event-ID, then goes on live", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await stream(user);
    await notifyUsers(t.app.db, [note(user.id, "before")]);
    const [seenByFirst] = await first.waitFor(1);
    first.close();

    // Missed while disconnected: three of the user's, and another user's.
    await notifyUsers(t.app.db, [note(user.id, "missed 1")]);
    await notifyUsers(t.app.db, [note(other.id, "someone else's")]);
    await notifyUsers(t.app.db, [note(user.id, "missed 2"), note(user.id, "missed 3")]);

    const again = await stream(user, { "last-event-id": seenByFirst!.id! });
    const replayed = await again.waitFor(3);
    const last = Number(seenByFirst!.id);
    expect(replayed.map((e) => Number(e.id))).toEqual([last + 1, last + 2, last + 3]);
    const titles = (await injectAs(t.app, user, { url: "/api/notifications" }))
      .json<Notification[]>()
      .filter((n) => n.title.startsWith("missed"))
      .map((n) => n.user_notification_id);
    expect(new Set(replayed.map((e) => data(e).user_notification_id))).toEqual(new Set(titles));

    await notifyUsers(t.app.db, [note(user.id, "live")]);
    const all = await again.waitFor(4);
    expect(Number(all[3]!.id)).toBe(last + 4);
    await new Promise((r) => setTimeout(r, POLL_MS * 2));
    expect(again.events).toHaveLength(4);
    again.close();

    // Without Last-Event-ID (or with one this server never gave out) the stream starts at now.
    const starts: Record<string, string>[] = [
      {},
      { "last-event-id": "999999" },
      { "last-event-id": "x" },
    ];
    for (const headers of starts) {
      const fresh = await stream(user, headers);
      await notifyUsers(t.app.db, [note(user.id, "new")]);
      const [event] = await fresh.waitFor(1);
      expect(data(event!).kind).toBe("created");
      await new Promise((r) => setTimeout(r, POLL_MS));
      expect(fresh.events).toHaveLength(1);
      fresh.close();
    }
  });

  it("the poll delivers a change whose wake-up was lost", async () => {
    const user = await createUser(t.app);
    const s = await stream(user);
    // A change written without its pg_notify, as if the listener had been down.
    await t.app.db.execute(sql`
      insert into notification_positions (user_id, position) values (${user.id}, 1)
      on conflict (user_id) do update set position = notification_positions.position + 1`);
    await t.app.db.execute(sql`
      insert into notification_events (user_id, position, kind)
      select ${user.id}, position, 'all_seen' from notification_positions where user_id = ${user.id}`);
    const [event] = await s.waitFor(1, POLL_MS * 5);
    expect(data(event!).kind).toBe("all_seen");
    s.close();
  });

  it("ends the stream when the session ends", async () => {
    const user = await createUser(t.app);
    const s = await stream(user);
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: TEST_APP_URL, cookie: user.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    const ended = await Promise.race([
      s.ended.then(() => true),
      new Promise((r) => setTimeout(() => r(false), POLL_MS * 10)),
    ]);
    expect(ended).toBe(true);
    // And the cookie opens no new one.
    expect((await stream(user)).status).toBe(401);
  });
});
