import { useNavigate } from "react-router";
import { toInAppPath, type Notification } from "../../../../core/notifications";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog";
import { NotificationContent } from "./notification-content";
import { NotificationTypeIcon } from "./notification-type-icon";
import { DateText } from "../../../components/date-text";

// The detail dialog of spec 02 §2: type icon, title, "Received:" date, body, "View in App" (only
// for an in-app link: an outside URL is never followed from here) and "Close".
export function NotificationDialog({
  notification,
  onClose,
  onCloseAutoFocus,
}: {
  notification: Notification | null;
  onClose: () => void;
  /** Where focus goes back to (the dialog has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const navigate = useNavigate();
  const path = toInAppPath(notification?.link);
  return (
    <Dialog open={notification !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {notification ? (
        <DialogContent hasCloseIcon={false} onCloseAutoFocus={onCloseAutoFocus}>
          <div className="flex items-start gap-3 pr-2">
            <NotificationTypeIcon notification={notification} className="mt-1" />
            <DialogTitle>{notification.title}</DialogTitle>
          </div>
          <DialogDescription>
            Received: <DateText value={notification.notification_created_at} withTime />
          </DialogDescription>
          <NotificationContent html={notification.content} />
          <div className="flex flex-wrap justify-end gap-2">
            {path ? (
              <Button
                onClick={() => {
                  onClose();
                  void navigate(path);
                }}
              >
                View in App
              </Button>
            ) : null}
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
