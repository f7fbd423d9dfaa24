// Two app processes on one PostgreSQL: a client streaming from one instance gets a
// notification created through the other (LISTEN/NOTIFY), and a client that missed three
// events reconnects — to the other instance, and to a restarted one — with Last-Event-ID and
// gets exactly those three.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAppProcess,
  stopAppProcess,
  type AppProcess,
} from "../../../../tests/helpers/app-process";
import { openSse, type SseStream } from "../../../../tests/helpers/sse-client";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../../tests/helpers/test-database";
import { openDatabase, type Database } from "../../db/client";
import { users } from "../../db/schema/index";

const ORIGIN = "http://localhost:3000";

type HttpUser = { id: string; cookie: string };

async function signUp(app: AppProcess, database: Database, name: string): Promise<HttpUser> {
  const email = `${name}-${process.pid}-${Date.now()}@example.com`;
  const password = "correct-horse-1";
  const post = (url: string, body: unknown) =>
    fetch(`${app.url}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    });
  const up = await post("/api/auth/sign-up/email", { email, password, name });
  expect(up.status).toBe(200);
  const { user } = (await up.json()) as { user: { id: string } };
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const signIn = await post("/api/auth/sign-in/email", { email, password });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, cookie };
}

async function notifyThrough(app: AppProcess, user: HttpUser, title: string) {
  const res = await fetch(`${app.url}/api/test/notifications`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, cookie: user.cookie },
    body: JSON.stringify({ type: "ANNOUNCEMENT", title, content: `<p>${title}</p>` }),
  });
  expect(res.status).toBe(204);
}

const streamFrom = (app: AppProcess, user: HttpUser, lastEventId?: string) =>
  openSse(`${app.url}/api/notifications/stream`, {
    cookie: user.cookie,
    ...(lastEventId ? { "last-event-id": lastEventId } : {}),
  });

const titleOf = async (app: AppProcess, user: HttpUser, stream: SseStream) => {
  const res = await fetch(`${app.url}/api/notifications?limit=100`, {
    headers: { cookie: user.cookie },
  });
  const items = (await res.json()) as { user_notification_id: string; title: string }[];
  return stream.events.map((e) => {
    const id = (JSON.parse(e.data) as { user_notification_id: string }).user_notification_id;
    return items.find((n) => n.user_notification_id === id)?.title;
  });
};

describe("notification streams across two app processes on PostgreSQL", () => {
  let empty: EmptyPostgresDatabase;
  let database: Database;
  let a: AppProcess;
  let b: AppProcess;
  const env = () => ({ DATABASE_URL: empty.url, ENABLE_TEST_ROUTES: "true" });

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    database = await openDatabase({ databaseUrl: empty.url });
    await database.migrate();
    [a, b] = await Promise.all([startAppProcess(env()), startAppProcess(env())]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopAppProcess));
    await database.close();
    await empty.drop();
  });

  it("a notification created through one instance reaches a stream on the other", async () => {
    const user = await signUp(a, database, "cross");
    const other = await signUp(a, database, "bystander");
    const stream = await streamFrom(a, user);
    expect(stream.status).toBe(200);
    await notifyThrough(b, other, "not for you");
    await notifyThrough(b, user, "from instance b");
    const [event] = await stream.waitFor(1, 5000);
    expect(JSON.parse(event!.data)).toMatchObject({ kind: "created" });
    expect(await titleOf(a, user, stream)).toEqual(["from instance b"]);
    await new Promise((r) => setTimeout(r, 500));
    expect(stream.events).toHaveLength(1);
    stream.close();
  });

  it(
    "after missing three events, Last-Event-ID replays exactly those three, on either instance and after a restart",
    { timeout: 120_000 },
    async () => {
      const user = await signUp(a, database, "replay");
      const first = await streamFrom(a, user);
      await notifyThrough(b, user, "seen live");
      const [live] = await first.waitFor(1, 5000);
      first.close();

      for (const title of ["missed 1", "missed 2", "missed 3"]) await notifyThrough(b, user, title);
      // Reconnect to the other instance.
      const onB = await streamFrom(b, user, live!.id!);
      const replayed = await onB.waitFor(3, 5000);
      const base = Number(live!.id);
      expect(replayed.map((e) => Number(e.id))).toEqual([base + 1, base + 2, base + 3]);
      expect(await titleOf(b, user, onB)).toEqual(["missed 1", "missed 2", "missed 3"]);
      await new Promise((r) => setTimeout(r, 500));
      expect(onB.events).toHaveLength(3);
      const lastOnB = onB.events.at(-1)!.id!;
      onB.close();

      // Instance a restarts while three more are written through b.
      await stopAppProcess(a);
      for (const title of ["while down 1", "while down 2", "while down 3"]) {
        await notifyThrough(b, user, title);
      }
      a = await startAppProcess(env());
      const onRestarted = await streamFrom(a, user, lastOnB);
      const again = await onRestarted.waitFor(3, 5000);
      expect(again.map((e) => Number(e.id))).toEqual([base + 4, base + 5, base + 6]);
      expect(await titleOf(a, user, onRestarted)).toEqual([
        "while down 1",
        "while down 2",
        "while down 3",
      ]);
      // And it is live again: a change through b arrives on the restarted a.
      await notifyThrough(b, user, "after restart");
      await onRestarted.waitFor(4, 5000);
      expect(Number(onRestarted.events[3]!.id)).toBe(base + 7);
      onRestarted.close();
    },
  );
});
