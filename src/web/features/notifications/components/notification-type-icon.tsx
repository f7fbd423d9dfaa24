import { BellRing, Megaphone, TriangleAlert } from "lucide-react";
import type { NotificationType } from "../../../../core/notifications";
import { cn } from "../../../lib/utils";

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  REMINDER: "Reminder",
  ANNOUNCEMENT: "Announcement",
  SYSTEM_ALERT: "System alert",
};

const ICONS = { REMINDER: BellRing, ANNOUNCEMENT: Megaphone, SYSTEM_ALERT: TriangleAlert };

export function NotificationTypeIcon({
  type,
  className,
}: {
  type: NotificationType;
  className?: string;
}) {
  const Icon = ICONS[type];
  return (
    <span className="inline-flex shrink-0" role="img" aria-label={NOTIFICATION_TYPE_LABELS[type]}>
      <Icon
        aria-hidden
        className={cn(
          "size-5",
          type === "SYSTEM_ALERT" ? "text-warning" : "text-primary",
          className,
        )}
      />
    </span>
  );
}
