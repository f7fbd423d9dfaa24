// The header's bell composed from two features: the notifications bell, carrying the count of
// suggestions from replies (a count-only read, refreshed by every Accept, Dismiss or Undo).
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { usePendingReplyCount } from "../../features/replies/api/list-replies";

export function HeaderBell() {
  return <NotificationBell pendingReplies={usePendingReplyCount()} />;
}
