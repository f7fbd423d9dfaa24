import { useState } from "react";
import type { Notification } from "../../../../core/notifications";
import { useMarkNotificationSeen } from "../api/mark-notification-seen";

/** Which notification's detail dialog is open; opening an unread one marks it read. */
export function useOpenNotification() {
  const markSeen = useMarkNotificationSeen();
  const [opened, setOpened] = useState<Notification | null>(null);
  const open = (notification: Notification) => {
    if (notification.seen_at === null) markSeen.mutate(notification.user_notification_id);
    setOpened(notification);
  };
  return { opened, open, close: () => setOpened(null) };
}
