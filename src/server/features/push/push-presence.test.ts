// In-app notifications push only when the user has no app tab open in front of them (issue 50
// item 4, decision 324), on both databases, through the real push path to the push-service
// stand-in: a tab's notification stream (real HTTP) makes it present, the page's report makes it
// visible; a visible tab means no push, and a hidden tab, a closed one, or one whose presence ran
// out (its process died) means one. The presence is renewed while the stream stays open. The
// digest itself still pushes with a tab in front, and the user's setting still decides.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFakePushService,
  type FakePushSubscription,
} from "../../../../tests/helpers/fake-push-service";
import {
  addDueContact,
  createReminderUser,
  runJobs,
  setNow,
} from "../../../../tests/helpers/reminders-kit";
import { openSse, type SseStream } from "../../../../tests/helpers/sse-client";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import type { PushPayload } from "../../../core/push";
import { serviceLeases } from "../../db/schema/index";
import { openTab as openPresence, setTabVisibility, tabLeaseName } from "../../lib/tab-presence";
import { notifyUsers } from "../notifications/notifications.public";

const POLL_MS = 300;

let t: TestApp;
let base: string;
let push: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  t = await build({
    ALLOW_PRIVATE_WEBHOOKS: "true",
    NOTIFICATIONS_STREAM_POLL_MS: String(POLL_MS),
  });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  push = await startFakePushService();
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function pushUser(): Promise<{ user: TestUser; device: FakePushSubscription }> {
  const user = await createUser(t.app);
  const device = push.subscribe();
  const saved = await injectAs(t.app, user, {
    method: "POST",
    url: "/api/push/subscriptions",
    payload: device.json,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const on = await injectAs(t.app, user, {
    method: "PATCH",
    url: "/api/push/settings",
    payload: { pushInAppNotifications: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  return { user, device };
}

type Tab = { id: string; stream: SseStream };

async function openTab(user: TestUser): Promise<Tab> {
  const id = randomUUID();
  const stream = await openSse(`${base}/api/notifications/stream?tab=${id}`, {
    cookie: user.cookie,
  });
  expect(stream.status).toBe(200);
  return { id, stream };
}

async function report(user: TestUser, tabId: string, visible: boolean) {
  const res = await injectAs(t.app, user, {
    method: "PUT",
    url: `/api/notifications/tabs/${tabId}`,
    payload: { visible },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ isStreamOpen: boolean }>().isStreamOpen;
}

/** Makes one alert for the user and lets the outbox send what it queued; the titles pushed. */
async function alertAndSend(user: TestUser, device: FakePushSubscription, title: string) {
  await notifyUsers(t.app.db, [
    { userId: user.id, type: "SYSTEM_ALERT", title, content: `<p>${title}</p>`, link: null },
  ]);
  await t.app.outbox.drain();
  await t.app.outbox.drain();
  return push.pushesTo(device).map((p) => (p.payload as PushPayload).title);
}

async function tabRow(user: TestUser, tabId: string) {
  const [row] = await t.app.db
    .select()
    .from(serviceLeases)
    .where(eq(serviceLeases.name, tabLeaseName(user.id, tabId)));
  return row;
}

describe("in-app pushes and open tabs", () => {
  it("skip a user with a visible tab, and go once the tab is hidden, or closed", async () => {
    const { user, device } = await pushUser();
    const tab = await openTab(user);
    // A tab counts as hidden until the page says it is in front.
    expect(await alertAndSend(user, device, "tab not reported yet")).toEqual([
      "tab not reported yet",
    ]);
    expect(await report(user, tab.id, true)).toBe(true);
    expect(await alertAndSend(user, device, "seen in the tab")).toEqual(["tab not reported yet"]);
    // The in-app notification itself is there all the same, and the stream told the tab.
    await tab.stream.waitFor(2, 5000);

    expect(await report(user, tab.id, false)).toBe(true);
    expect(await alertAndSend(user, device, "tab hidden")).toEqual([
      "tab not reported yet",
      "tab hidden",
    ]);

    expect(await report(user, tab.id, true)).toBe(true);
    expect(await alertAndSend(user, device, "in front again")).toHaveLength(2);
    tab.stream.close();
    await expect.poll(() => tabRow(user, tab.id), { timeout: 5000 }).toBeUndefined();
    expect(await alertAndSend(user, device, "tab closed")).toEqual([
      "tab not reported yet",
      "tab hidden",
      "tab closed",
    ]);
    // A report for a tab whose stream is gone changes nothing.
    expect(await report(user, tab.id, true)).toBe(false);
    expect(await alertAndSend(user, device, "still closed")).toHaveLength(4);
  });

  it("count one visible tab among several, and only the user's own", async () => {
    const { user, device } = await pushUser();
    const other = await pushUser();
    const hidden = await openTab(user);
    const front = await openTab(user);
    await report(user, hidden.id, false);
    await report(user, front.id, true);
    // Another account cannot mark this user's tab, nor is it in front for them.
    expect(await report(other.user, hidden.id, true)).toBe(false);
    expect(await alertAndSend(user, device, "one tab in front")).toEqual([]);
    expect(await alertAndSend(other.user, other.device, "for the other")).toEqual([
      "for the other",
    ]);
    await report(user, front.id, false);
    expect(await alertAndSend(user, device, "both hidden")).toEqual(["both hidden"]);
    hidden.stream.close();
    front.stream.close();
  });

  it("go when the tab's presence ran out: its server died without closing it", async () => {
    const { user, device } = await pushUser();
    const tab = await openTab(user);
    await report(user, tab.id, true);
    // The stream stays open past its time to live: each poll renews it.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await alertAndSend(user, device, "renewed")).toEqual([]);
    tab.stream.close();

    // What a process that died leaves behind: a visible tab's row that nobody renews or deletes.
    const orphan = { userId: user.id, tabId: randomUUID(), streamId: randomUUID() };
    await openPresence(t.app.db, orphan, 1);
    await setTabVisibility(t.app.db, { ...orphan, visibility: "visible" });
    await expect.poll(() => tabRow(user, tab.id), { timeout: 5000 }).toBeUndefined();
    expect(await alertAndSend(user, device, "orphan still counts")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await alertAndSend(user, device, "ran out")).toEqual(["ran out"]);
  });

  it("leave the setting in charge: turned off, a user without tabs gets no push", async () => {
    const { user, device } = await pushUser();
    await injectAs(t.app, user, {
      method: "PATCH",
      url: "/api/push/settings",
      payload: { pushInAppNotifications: false },
    });
    expect(await alertAndSend(user, device, "not wanted")).toEqual([]);
  });

  it("leave the digest alone: it pushes with a tab in front", async () => {
    setNow(t.app, "2026-05-01T05:00:00Z");
    const { user } = await createReminderUser(t.app, { timezone: "UTC", reminderTime: "6" });
    await addDueContact(t.app, user);
    const device = push.subscribe();
    await injectAs(t.app, user, {
      method: "POST",
      url: "/api/push/subscriptions",
      payload: device.json,
    });
    const tab = await openTab(user);
    await report(user, tab.id, true);
    setNow(t.app, "2026-05-01T06:00:01Z");
    await runJobs(t.app);
    expect(push.pushesTo(device).map((p) => (p.payload as PushPayload).url)).toEqual([
      "/app/rhythms",
    ]);
    tab.stream.close();
  });

  it("say what is wrong with a tab id or a report", async () => {
    const user = await createUser(t.app);
    const badStream = await openSse(`${base}/api/notifications/stream?tab=nope`, {
      cookie: user.cookie,
    });
    expect(badStream.status).toBe(400);
    await badStream.ended;
    const badTab = await injectAs(t.app, user, {
      method: "PUT",
      url: "/api/notifications/tabs/nope",
      payload: { visible: true },
    });
    expect(badTab.statusCode).toBe(400);
    expect(badTab.json().error.message).toContain("tab must be the id the page made for itself");
    const badBody = await injectAs(t.app, user, {
      method: "PUT",
      url: `/api/notifications/tabs/${randomUUID()}`,
      payload: { visible: "yes" },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toContain("Say true or false for visible.");
    const signedOut = await t.app.inject({
      method: "PUT",
      url: `/api/notifications/tabs/${randomUUID()}`,
      payload: { visible: true },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
