import { useMemo } from "react";
import type { Notification } from "../../../../core/notifications";
import { toPlainText } from "./notification-content";
import { NotificationTypeIcon } from "./notification-type-icon";
import { DateText } from "../../../components/date-text";

/** One notification in a list: type icon, title, a line of its text, when, and unread state. */
export function NotificationSummary({ notification }: { notification: Notification }) {
  const isUnread = notification.seen_at === null;
  const preview = useMemo(() => toPlainText(notification.content), [notification.content]);
  return (
    <span className="flex w-full min-w-0 items-start gap-3 text-left">
      <NotificationTypeIcon notification={notification} className="mt-0.5" />
      <span className="min-w-0 flex-1">
        <span className={isUnread ? "block font-semibold" : "block font-normal"}>
          {notification.title}
        </span>
        {preview ? (
          <span className="block truncate text-xs text-muted-foreground">{preview}</span>
        ) : null}
        <span className="block text-xs text-muted-foreground">
          <DateText value={notification.notification_created_at} isCapitalized />
        </span>
      </span>
      {isUnread ? (
        <>
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />
          <span className="sr-only">Unread</span>
        </>
      ) : null}
    </span>
  );
}
