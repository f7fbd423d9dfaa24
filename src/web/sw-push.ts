// The service worker's push handlers (docs/decisions/284): a push shows its notification with the
// digest's actions; a tap opens or focuses the app where the push points; "Mark contacted" or
// "Snooze 1 week" POSTs that person's signed one-tap link, which needs no session and acts once.
// The service worker (sw.ts) calls installPushHandlers(self).
import type { PushAction, PushPayload } from "../core/push";

const FALLBACK_URL = "/app/rhythms";
const ICON = "/icons/icon-192.png";

/** What the notification keeps for a tap: where to go and each action's link. */
export type NotificationData = { url: string; actions: Record<string, string> };

// The worker's scope and events, as far as these handlers use them (the project's TypeScript
// program has the DOM's types, not the worker's).
type WindowClient = {
  url: string;
  focused?: boolean;
  focus: () => Promise<unknown>;
  navigate?: (url: string) => Promise<unknown>;
};
type ExtendableEvent = { waitUntil: (promise: Promise<unknown>) => void };
export type PushEventLike = ExtendableEvent & { data: { json: () => unknown } | null };
export type NotificationClickEventLike = ExtendableEvent & {
  action: string;
  notification: { data: unknown; close: () => void };
};
export type PushScope = {
  location: { origin: string };
  registration: {
    showNotification: (
      title: string,
      options: {
        body: string;
        tag: string;
        icon: string;
        badge: string;
        data: NotificationData;
        actions: Array<{ action: string; title: string }>;
      },
    ) => Promise<void>;
  };
  clients: {
    matchAll: (options: {
      type: "window";
      includeUncontrolled: boolean;
    }) => Promise<WindowClient[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: NotificationClickEventLike) => void,
  ): void;
};

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/** The push's payload, or a plain reminder when it cannot be read (a push must show something). */
export function readPushPayload(read: (() => unknown) | undefined): PushPayload {
  let raw: unknown;
  try {
    raw = read?.();
  } catch {
    raw = null;
  }
  const data = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const actions = Array.isArray(data.actions)
    ? (data.actions as unknown[]).filter(
        (a): a is PushAction =>
          !!a &&
          typeof a === "object" &&
          isText((a as PushAction).action) &&
          isText((a as PushAction).title) &&
          isText((a as PushAction).url),
      )
    : [];
  return {
    title: isText(data.title) ? data.title : "Reminder",
    body: typeof data.body === "string" ? data.body : "Open the app to see who is due.",
    url: isText(data.url) && data.url.startsWith("/") ? data.url : FALLBACK_URL,
    tag: isText(data.tag) ? data.tag : "reminder",
    actions,
  };
}

/** The same-origin address a tap opens; anything else goes to the rhythms page. */
export function resolveAppUrl(url: unknown, origin: string): string {
  if (typeof url === "string") {
    try {
      const resolved = new URL(url, origin);
      if (resolved.origin === origin) return resolved.href;
    } catch {
      // not a URL: the fallback
    }
  }
  return new URL(FALLBACK_URL, origin).href;
}

function notificationDataOf(value: unknown): NotificationData {
  const data = (value && typeof value === "object" ? value : {}) as Partial<NotificationData>;
  return {
    url: typeof data.url === "string" ? data.url : FALLBACK_URL,
    actions: data.actions && typeof data.actions === "object" ? data.actions : {},
  };
}

async function openApp(scope: PushScope, url: string): Promise<void> {
  const target = resolveAppUrl(url, scope.location.origin);
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => w.focused) ?? windows[0];
  if (open) {
    await open.navigate?.(target).catch(() => undefined);
    await open.focus();
    return;
  }
  await scope.clients.openWindow(target);
}

// The one-tap link acts on POST; without a network (or if it fails) its page is opened instead,
// where the user can confirm once they are back online.
async function pressAction(scope: PushScope, url: string): Promise<void> {
  try {
    const res = await scope.fetch(url, { method: "POST", credentials: "omit", redirect: "manual" });
    if (res.ok) return;
  } catch {
    // offline: open the link's page below
  }
  await scope.clients.openWindow(url);
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener("push", (event) => {
    const payload = readPushPayload(event.data ? () => event.data!.json() : undefined);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: ICON,
        badge: ICON,
        data: {
          url: payload.url,
          actions: Object.fromEntries(payload.actions.map((a) => [a.action, a.url])),
        },
        actions: payload.actions.map(({ action, title }) => ({ action, title })),
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = notificationDataOf(event.notification.data);
    const actionUrl = event.action ? data.actions[event.action] : undefined;
    event.waitUntil(actionUrl ? pressAction(scope, actionUrl) : openApp(scope, data.url));
  });
}
