// Announcements: one ANNOUNCEMENT reaches every user in batches, each user's
// stream gets its `created` change, and a re-run with the same key sends nothing new.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse } from "../../../../tests/helpers/sse-client";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import type { Notification } from "../../../core/notifications";
import { userNotifications, users } from "../../db/schema/index";
import { announce, AnnouncementError } from "./announce";

describe("announce", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await build();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("reaches every user once, in batches, live on their streams; a re-run with the key sends nothing", async () => {
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await createUser(t.app));
    const [everyone] = await t.app.db.select({ n: count() }).from(users);
    const stream = await openSse(`${base}/api/notifications/stream`, {
      cookie: people[0]!.cookie,
    });
    const input = {
      title: "New: calendar feed",
      body: "<p>Subscribe to your reminders in any calendar.</p>",
      link: "/app/settings",
      key: "calendar-feed-2026",
    };
    const batches: number[] = [];
    const first = await announce(t.app.db, input, {
      batchSize: 2,
      onBatch: (sent) => batches.push(sent),
    });
    expect(first.sent).toBe(everyone!.n);
    expect(first.batches).toBe(Math.ceil(everyone!.n / 2));
    expect(batches.at(-1)).toBe(everyone!.n);

    const [event] = await stream.waitFor(1);
    expect(JSON.parse(event!.data)).toMatchObject({ kind: "created" });
    for (const person of people) {
      const items = (await injectAs(t.app, person, { url: "/api/notifications" })).json<
        Notification[]
      >();
      expect(items.map((n) => [n.type, n.title, n.content, n.link])).toEqual([
        ["ANNOUNCEMENT", input.title, input.body, input.link],
      ]);
    }

    const again = await announce(t.app.db, input, { batchSize: 2 });
    expect(again).toMatchObject({ key: input.key, notificationId: first.notificationId, sent: 0 });
    const late = await createUser(t.app);
    expect((await announce(t.app.db, input)).sent).toBe(1);
    expect((await injectAs(t.app, late, { url: "/api/notifications" })).json()).toHaveLength(1);
    const [rows] = await t.app.db
      .select({ n: count() })
      .from(userNotifications)
      .where(eq(userNotifications.notificationId, first.notificationId));
    expect(rows!.n).toBe(everyone!.n + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events).toHaveLength(1);
    stream.close();
  });

  it("refuses a reused key with other content, an outside link and an empty title", async () => {
    await announce(t.app.db, { title: "One", body: "<p>1</p>", key: "k-1" });
    await expect(
      announce(t.app.db, { title: "Two", body: "<p>1</p>", key: "k-1" }),
    ).rejects.toThrow(/already used for an announcement with a different title/);
    for (const link of ["https://example.com/x", "//evil.example", "javascript:alert(1)"]) {
      await expect(announce(t.app.db, { title: "T", body: "B", link })).rejects.toThrow(
        AnnouncementError,
      );
    }
    await expect(announce(t.app.db, { title: " ", body: "B" })).rejects.toThrow(
      "--title is required",
    );
  });
});
