// The bell in the header (spec 02 §2, §8, §9): the unread badge ("9+" above 9) and the dropdown
// of new notifications; choosing one marks it read and opens its detail dialog. With
// `pendingReplies` (issue 48, given by the app level) it also carries the count of suggestions
// from replies that wait on /app/replies: a second badge, in its name, and a link in the dropdown.
import { Bell } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  describeUnread,
  formatUnreadBadge,
  type Notification,
} from "../../../../core/notifications";
import { Button } from "../../../components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover";
import { Spinner } from "../../../components/ui/spinner";
import { LoadError } from "../../../components/load-error";
import { useUnreadNotifications } from "../api/list-notifications";
import { useMarkAllNotificationsSeen } from "../api/mark-all-notifications-seen";
import { useNotificationStream } from "../hooks/use-notification-stream";
import { useOpenNotification } from "../hooks/use-open-notification";
import { lazyComponent, lazyModule } from "../../../lib/lazy";

// The dropdown's list and the detail dialog (and the HTML sanitiser they carry) load after the
// bell, not with it: the bell loads as the page's first reads are drawn, and its
// code and theirs were one long task on a slow phone. The list's code is asked
// for when the pointer or focus reaches the bell (or the dropdown opens without either); the
// dialog's when a notification is first opened.
const notificationList = lazyModule(() => import("./notification-list"));
const NotificationList = lazyComponent(notificationList, (m) => m.NotificationList);
const preloadList = () => void notificationList.preload().catch(() => undefined);
const NotificationDialog = lazyComponent(
  () => import("./notification-dialog"),
  (m) => m.NotificationDialog,
);
const loadingList = (
  <div className="flex justify-center p-4">
    <Spinner label="Loading notifications" />
  </div>
);

/** "3 suggestions from replies to review": said with the bell's name and shown in its dropdown. */
export function describePendingReplies(count: number): string {
  return count === 1
    ? "1 suggestion from replies to review"
    : `${count} suggestions from replies to review`;
}

export function NotificationBell({ pendingReplies = 0 }: { pendingReplies?: number }) {
  useNotificationStream();
  const unread = useUnreadNotifications();
  const markAllSeen = useMarkAllNotificationsSeen();
  const [isOpen, setIsOpen] = useState(false);
  const detail = useOpenNotification();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const items = unread.data?.items ?? [];
  const count = items.length;
  // Mounted from the first opening on, so its closing animation and focus return still run.
  const [hasOpenedDetail, setHasOpenedDetail] = useState(false);
  if (detail.opened && !hasOpenedDetail) setHasOpenedDetail(true);

  function openNotification(notification: Notification) {
    setIsOpen(false);
    detail.open(notification);
  }

  return (
    <>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger
          ref={triggerRef}
          onPointerEnter={preloadList}
          onFocus={preloadList}
          className="relative inline-flex size-11 items-center justify-center rounded-full text-foreground hover:bg-accent focus-visible:outline-2 md:size-10"
          aria-label={[
            unread.data ? describeUnread(count) : "Notifications",
            pendingReplies > 0 ? describePendingReplies(pendingReplies) : null,
          ]
            .filter(Boolean)
            .join(", ")}
        >
          <Bell className="size-5" aria-hidden />
          {count > 0 ? (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold leading-none text-destructive-foreground"
            >
              {formatUnreadBadge(count)}
            </span>
          ) : null}
          {pendingReplies > 0 ? (
            <span
              data-testid="pending-replies-badge"
              aria-hidden
              className="absolute -bottom-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.65rem] font-semibold leading-none text-primary-foreground ring-2 ring-background"
            >
              {formatUnreadBadge(pendingReplies)}
            </span>
          ) : null}
        </PopoverTrigger>
        <PopoverContent
          align="end"
          aria-labelledby="notifications-heading"
          className="w-[min(24rem,calc(100vw-1rem))]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <h2 id="notifications-heading" className="text-sm font-semibold">
              Notifications
            </h2>
            <Button
              variant="ghost"
              size="sm"
              className="text-primary"
              disabled={count === 0 || markAllSeen.isPending}
              onClick={() => markAllSeen.mutate()}
            >
              Mark all as read
            </Button>
          </div>
          {pendingReplies > 0 ? (
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-3 py-2">
              <p className="text-sm">{describePendingReplies(pendingReplies)}</p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setIsOpen(false);
                  void navigate("/app/replies");
                }}
              >
                Review replies
              </Button>
            </div>
          ) : null}
          <div
            className="max-h-[60vh] overflow-y-auto p-1 md:max-h-[400px]"
            data-testid="notification-list"
          >
            {unread.isPending ? (
              loadingList
            ) : unread.isError ? (
              <LoadError
                prefix="Error loading notifications: "
                error={unread.error}
                onRetry={() => void unread.refetch()}
                className="m-1"
              />
            ) : count === 0 ? (
              <p className="p-3 text-sm text-muted-foreground">You have no new notifications.</p>
            ) : (
              <Suspense fallback={loadingList}>
                <NotificationList
                  items={items}
                  label="New notifications"
                  onOpen={openNotification}
                  itemClassName="rounded-sm px-2 py-2"
                />
              </Suspense>
            )}
          </div>
          <div className="border-t border-border p-1">
            <Button
              variant="ghost"
              className="w-full"
              onClick={() => {
                setIsOpen(false);
                void navigate("/notifications");
              }}
            >
              View all notifications
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      {hasOpenedDetail ? (
        <Suspense fallback={null}>
          <NotificationDialog
            notification={detail.opened}
            onClose={detail.close}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
