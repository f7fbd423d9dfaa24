import type { Notification } from "../../../../core/notifications";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { useMarkNotificationSeen } from "../api/mark-notification-seen";
import { NotificationSummary } from "./notification-summary";

/**
 * Notifications as a list of buttons; choosing one calls `onOpen`. An unread one can also be
 * marked read where it stands, without opening it.
 */
export function NotificationList({
  items,
  label,
  onOpen,
  className,
  itemClassName,
}: {
  items: Notification[];
  label: string;
  onOpen: (notification: Notification) => void;
  className?: string;
  itemClassName?: string;
}) {
  const markSeen = useMarkNotificationSeen();
  return (
    <ul aria-label={label} className={className}>
      {items.map((notification) => (
        <li key={notification.user_notification_id} className="flex items-start gap-1">
          <button
            type="button"
            className={cn(
              "min-w-0 flex-1 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-2",
              itemClassName,
            )}
            onClick={() => onOpen(notification)}
          >
            <NotificationSummary notification={notification} />
          </button>
          {notification.seen_at === null ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-1 shrink-0 text-xs"
              disabled={
                markSeen.isPending && markSeen.variables === notification.user_notification_id
              }
              onClick={() => markSeen.mutate(notification.user_notification_id)}
            >
              Mark as read
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
