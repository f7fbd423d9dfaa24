// Writes in-app notifications (spec 02 §3: REMINDER, ANNOUNCEMENT, SYSTEM_ALERT) for one user,
// inside the caller's transaction, so a notification exists exactly when what it reports does;
// each new row is a `created` change on the user's stream (changes.ts).
import type { NotificationType } from "../../../core/notifications";
import type { Db, Tx } from "../../db/client";
import { notifications, userNotifications } from "../../db/schema/index";
import { enqueueNotificationPushes } from "../push/push.public";
import { recordChanges } from "./changes";

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  /** May hold HTML: stored as given, sanitised where it is displayed. */
  content: string;
  /** An in-app path. */
  link?: string | null;
  metadata?: Record<string, unknown>;
};

export async function notifyUsers(db: Db | Tx, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  // Inside the caller's transaction this is a savepoint; alone, it makes the rows and their
  // positions one commit. Either way the wake-up goes out once the outermost one commits.
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(
        items.map((n) => ({
          type: n.type,
          title: n.title,
          content: n.content,
          link: n.link ?? null,
          metadata: n.metadata ?? null,
        })),
      )
      .returning({ id: notifications.id });
    const created = await tx
      .insert(userNotifications)
      .values(rows.map((row, i) => ({ userId: items[i]!.userId, notificationId: row.id })))
      .returning({ id: userNotifications.id, userId: userNotifications.userId });
    await enqueueNotificationPushes(
      tx,
      created.map((row, i) => ({
        ...items[i]!,
        link: items[i]!.link ?? null,
        userNotificationId: row.id,
      })),
    );
    await recordChanges(
      tx,
      created.map((row) => ({ userId: row.userId, kind: "created", userNotificationId: row.id })),
    );
  });
}
