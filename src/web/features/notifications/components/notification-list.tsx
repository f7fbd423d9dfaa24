import type { Notification } from "../../../../core/notifications";
import { cn } from "../../../lib/utils";
import { NotificationSummary } from "./notification-summary";

/** Notifications as a list of buttons; choosing one calls `onOpen`. */
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
  return (
    <ul aria-label={label} className={className}>
      {items.map((notification) => (
        <li key={notification.user_notification_id}>
          <button
            type="button"
            className={cn(
              "w-full text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-2",
              itemClassName,
            )}
            onClick={() => onOpen(notification)}
          >
            <NotificationSummary notification={notification} />
          </button>
        </li>
      ))}
    </ul>
  );
}
