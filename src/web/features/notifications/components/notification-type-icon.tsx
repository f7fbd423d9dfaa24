import { BellRing, CircleCheck, Megaphone, TriangleAlert } from "lucide-react";
import {
  isSuccessAlert,
  type Notification,
  type NotificationType,
} from "../../../../core/notifications";
import { cn } from "../../../lib/utils";

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  REMINDER: "Reminder",
  ANNOUNCEMENT: "Announcement",
  SYSTEM_ALERT: "System alert",
};

const ICONS = { REMINDER: BellRing, ANNOUNCEMENT: Megaphone, SYSTEM_ALERT: TriangleAlert };

/** The type's icon; a system alert that reports something done gets a check, not a warning. */
export function NotificationTypeIcon({
  notification,
  className,
}: {
  notification: Pick<Notification, "type" | "metadata">;
  className?: string;
}) {
  const { type } = notification;
  const isSuccess = isSuccessAlert(notification);
  const Icon = isSuccess ? CircleCheck : ICONS[type];
  const colour = isSuccess
    ? "text-success"
    : type === "SYSTEM_ALERT"
      ? "text-warning"
      : "text-primary";
  return (
    <span className="inline-flex shrink-0" role="img" aria-label={NOTIFICATION_TYPE_LABELS[type]}>
      <Icon aria-hidden className={cn("size-5", colour, className)} />
    </span>
  );
}
