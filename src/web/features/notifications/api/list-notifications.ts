import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_MS,
  parseNextLink,
  type Notification,
  type NotificationReadState,
  type NotificationType,
} from "../../../../core/notifications";
import { apiFetchWithHeaders } from "../../../lib/api-client";
import { useNotificationStreamIsLive } from "../hooks/use-notification-stream";
import { NOTIFICATIONS_KEY } from "./notifications-key";

export type NotificationFilters = { type?: NotificationType; status?: NotificationReadState };
export type NotificationPage = { items: Notification[]; nextUrl: string | null };

export function notificationsUrl(filters: NotificationFilters, limit = NOTIFICATIONS_PAGE_SIZE) {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  if (filters.status) params.set("status", filters.status);
  params.set("limit", String(limit));
  return `/api/notifications?${params.toString()}`;
}

/** One page; `url` is a first-page URL or the previous page's `Link: rel="next"`. */
export async function listNotifications(url: string): Promise<NotificationPage> {
  const { data, headers } = await apiFetchWithHeaders<Notification[]>(url);
  return { items: data, nextUrl: parseNextLink(headers.get("link")) };
}

// The bell's list: the newest unread ones. Its length is also the badge (shown as "9+" above
// 9), so no count beyond what the list holds is ever asked for. The stream re-reads it on each
// change; polling is the fallback while the stream is down.
export function useUnreadNotifications() {
  const isLive = useNotificationStreamIsLive();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, "unread"],
    queryFn: () => listNotifications(notificationsUrl({ status: "unread" })),
    refetchInterval: isLive ? false : NOTIFICATIONS_POLL_MS,
  });
}

// The full history on /app/notifications, a page at a time ("Load more").
export function useNotificationHistory(filters: NotificationFilters) {
  const isLive = useNotificationStreamIsLive();
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, "history", filters],
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: notificationsUrl(filters),
    getNextPageParam: (last) => last.nextUrl ?? undefined,
    refetchInterval: isLive ? false : NOTIFICATIONS_POLL_MS,
  });
}
