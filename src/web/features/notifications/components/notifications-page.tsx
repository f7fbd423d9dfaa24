// /app/notifications (spec 02 §2): every notification, newest first, filtered by type
// and read state, a page at a time; opening one reads it and shows the detail dialog.
import { Suspense, useState } from "react";
import {
  NOTIFICATION_READ_STATES,
  NOTIFICATION_TYPES,
  type NotificationReadState,
  type NotificationType,
} from "../../../../core/notifications";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import { PageSpinner } from "../../../components/ui/spinner";
import { lazyComponent } from "../../../lib/lazy";
import { useNotificationHistory, type NotificationFilters } from "../api/list-notifications";
import { useMarkAllNotificationsSeen } from "../api/mark-all-notifications-seen";
import { useOpenNotification } from "../hooks/use-open-notification";
import { NotificationList } from "./notification-list";

// The detail dialog (Radix dialog, DOMPurify) loads as the page renders, not before it;
// it shows nothing until a notification is opened.
const NotificationDialog = lazyComponent(
  () => import("./notification-dialog"),
  (m) => m.NotificationDialog,
);

const TYPE_OPTIONS: Record<NotificationType, string> = {
  REMINDER: "Reminders",
  ANNOUNCEMENT: "Announcements",
  SYSTEM_ALERT: "System alerts",
};

const READ_OPTIONS: Record<NotificationReadState, string> = { unread: "Unread", read: "Read" };

export function NotificationsPage() {
  const [filters, setFilters] = useState<NotificationFilters>({});
  const history = useNotificationHistory(filters);
  const markAllSeen = useMarkAllNotificationsSeen();
  const detail = useOpenNotification();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(filters.type ?? filters.status);

  let body;
  if (history.isPending) {
    body = <PageSpinner label="Loading notifications" />;
  } else if (!history.data) {
    body = (
      <LoadError
        prefix="Error loading notifications: "
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <p className="rounded-xl border border-border bg-card p-6 text-center text-muted-foreground">
        {isFiltered ? "No notifications match these filters." : "You have no notifications yet."}
      </p>
    );
  } else {
    body = (
      <>
        <NotificationList
          items={items}
          label="Notifications"
          onOpen={detail.open}
          className="divide-y divide-border rounded-xl border border-border bg-card"
          itemClassName="px-4 py-3"
        />
        {history.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          </div>
        ) : null}
        {history.isError ? (
          <LoadError
            prefix="Error loading notifications: "
            error={history.error}
            onRetry={() => void history.fetchNextPage()}
          />
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="notifications-title" className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="notifications-title" className="text-3xl font-bold">
          Notifications
        </h1>
        <Button
          variant="outline"
          disabled={markAllSeen.isPending}
          onClick={() => markAllSeen.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          <Select
            value={filters.type ?? ""}
            onChange={(event) =>
              setFilters({
                ...filters,
                type: NOTIFICATION_TYPES.find((type) => type === event.target.value),
              })
            }
          >
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_OPTIONS[type]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Show">
          <Select
            value={filters.status ?? ""}
            onChange={(event) =>
              setFilters({
                ...filters,
                status: NOTIFICATION_READ_STATES.find((state) => state === event.target.value),
              })
            }
          >
            <option value="">Read and unread</option>
            {NOTIFICATION_READ_STATES.map((state) => (
              <option key={state} value={state}>
                {READ_OPTIONS[state]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {body}
      <Suspense fallback={null}>
        <NotificationDialog notification={detail.opened} onClose={detail.close} />
      </Suspense>
    </section>
  );
}
