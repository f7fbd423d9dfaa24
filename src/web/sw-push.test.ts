import { describe, expect, it } from "vitest";
import {
  installPushHandlers,
  readPushPayload,
  resolveAppUrl,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushScope,
} from "./sw-push";

const ORIGIN = "https://tend.example";

// A service worker scope with what the handlers touch, recording what they do.
function fakeScope(options: { windows?: number; fetchFails?: boolean } = {}) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: Array<{ title: string; options: unknown }> = [];
  const opened: string[] = [];
  const posted: string[] = [];
  const navigated: string[] = [];
  const windows = Array.from({ length: options.windows ?? 0 }, () => ({
    url: `${ORIGIN}/app/contacts`,
    focus: async () => undefined,
    navigate: async (url: string) => navigated.push(url),
  }));
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, opts: unknown) => {
        shown.push({ title, options: opts });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => opened.push(url),
    },
    fetch: async (url: string) => {
      posted.push(url);
      if (options.fetchFails) throw new TypeError("Failed to fetch");
      return new Response("done", { status: 200 });
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  } as unknown as PushScope;
  installPushHandlers(scope);
  async function dispatch(type: "push" | "notificationclick", event: object) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) } as never);
    await waited;
  }
  return { dispatch, shown, opened, posted, navigated };
}

const DIGEST = {
  title: "2 people are due",
  body: "Ada Lovelace: 3 days overdue\nAlan Turing: due today",
  url: "/app/rhythms",
  tag: "digest",
  actions: [
    { action: "contacted", title: "Mark contacted", url: `${ORIGIN}/r/aaa` },
    { action: "snooze", title: "Snooze 1 week", url: `${ORIGIN}/r/bbb` },
  ],
};

describe("the push handler", () => {
  it("shows the digest with its two actions", async () => {
    const sw = fakeScope();
    await sw.dispatch("push", { data: { json: () => DIGEST } } satisfies Omit<
      PushEventLike,
      "waitUntil"
    >);
    expect(sw.shown).toEqual([
      {
        title: "2 people are due",
        options: expect.objectContaining({
          body: DIGEST.body,
          tag: "digest",
          actions: [
            { action: "contacted", title: "Mark contacted" },
            { action: "snooze", title: "Snooze 1 week" },
          ],
          data: {
            url: "/app/rhythms",
            actions: { contacted: `${ORIGIN}/r/aaa`, snooze: `${ORIGIN}/r/bbb` },
          },
        }),
      },
    ]);
  });

  it("still shows something for a push it cannot read", () => {
    expect(readPushPayload(() => JSON.parse("not json"))).toMatchObject({
      title: "Reminder",
      url: "/app/rhythms",
      actions: [],
    });
  });
});

describe("a tap", () => {
  const clickOn = (action: string): Omit<NotificationClickEventLike, "waitUntil"> => ({
    action,
    notification: {
      data: { url: "/app/rhythms", actions: { contacted: `${ORIGIN}/r/aaa` } },
      close: () => undefined,
    },
  });

  it("on an action POSTs its one-tap link and opens nothing", async () => {
    const sw = fakeScope();
    await sw.dispatch("notificationclick", clickOn("contacted"));
    expect(sw.posted).toEqual([`${ORIGIN}/r/aaa`]);
    expect(sw.opened).toEqual([]);
  });

  it("on an action while offline opens the link's page", async () => {
    const sw = fakeScope({ fetchFails: true });
    await sw.dispatch("notificationclick", clickOn("contacted"));
    expect(sw.opened).toEqual([`${ORIGIN}/r/aaa`]);
  });

  it("on the notification opens the rhythms page, or takes an open window there", async () => {
    const none = fakeScope();
    await none.dispatch("notificationclick", clickOn(""));
    expect(none.opened).toEqual([`${ORIGIN}/app/rhythms`]);
    const one = fakeScope({ windows: 1 });
    await one.dispatch("notificationclick", clickOn(""));
    expect([one.opened, one.navigated]).toEqual([[], [`${ORIGIN}/app/rhythms`]]);
  });

  it("never opens another site", () => {
    expect(resolveAppUrl("https://evil.example/x", ORIGIN)).toBe(`${ORIGIN}/app/rhythms`);
    expect(resolveAppUrl("/app/settings#reminders", ORIGIN)).toBe(
      `${ORIGIN}/app/settings#reminders`,
    );
  });
});
