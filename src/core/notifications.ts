// The notification API contract (spec 02 §3, §7): the item shape with the spec's field names,
// the list's filters and page size, and how the next page is announced (an RFC 8288 `Link`
// header, so the body stays the spec's plain list of items).
import { z } from "zod";
import { NOTIFICATION_BADGE_MAX } from "./constants";

export const NOTIFICATION_TYPES = ["REMINDER", "ANNOUNCEMENT", "SYSTEM_ALERT"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_READ_STATES = ["unread", "read"] as const;
export type NotificationReadState = (typeof NOTIFICATION_READ_STATES)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** How often the app re-reads the list while its live stream is down (the fallback). */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const NotificationSchema = z.object({
  user_notification_id: z.string(),
  notification_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  notification_created_at: z.string(),
  /** null means unread. */
  seen_at: z.string().nullable(),
  /** May hold HTML: sanitise before display. */
  content: z.string(),
  /** An in-app path, or null. */
  link: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A system alert that reports something done (an import that finished), not a problem. */
export function isSuccessAlert(notification: Pick<Notification, "type" | "metadata">): boolean {
  return notification.type === "SYSTEM_ALERT" && notification.metadata?.outcome === "success";
}

export const NotificationListSchema = z.array(NotificationSchema);

export const NotificationListQuerySchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).optional(),
  status: z.enum(NOTIFICATION_READ_STATES).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_MAX_PAGE_SIZE)
    .default(NOTIFICATIONS_PAGE_SIZE),
  /** Opaque: taken from the previous page's `Link: <…>; rel="next"`. */
  cursor: z.string().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** The URL of the next page from a `Link` header, or null on the last page. */
export function parseNextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const match = part.match(/<([^>]*)>\s*;\s*rel="?next"?/i);
    if (match) return match[1] ?? null;
  }
  return null;
}

/** The badge text: the count, or "9+" above 9 (spec 02 §9). */
export function formatUnreadBadge(count: number): string {
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/** The bell's accessible name, e.g. "3 unread notifications". */
export function describeUnread(count: number): string {
  if (count === 0) return "Notifications, none unread";
  if (count > NOTIFICATION_BADGE_MAX)
    return `More than ${NOTIFICATION_BADGE_MAX} unread notifications`;
  return count === 1 ? "1 unread notification" : `${count} unread notifications`;
}

/**
 * Only an in-app path may be followed from a notification ("View in App"): resolved against a
 * stand-in origin, it must stay on that origin (no scheme, no `//host`, no `/\host`).
 * Returns the normalised path, or null.
 */
export function toInAppPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/")) return null;
  const base = "https://in-app.invalid";
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
