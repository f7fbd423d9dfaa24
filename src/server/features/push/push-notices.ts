// In-app notifications (REMINDER, SYSTEM_ALERT, ANNOUNCEMENT) going out as pushes for users who
// asked for it and have no app tab open in front of them (lib/tab-presence.ts, decision 324): one
// outbox row per device, written with the notification itself, so each notification reaches each
// device at most once. A digest's REMINDER is not pushed again: the digest went to every device
// already. And the push lanes' record of success and failure.
import { and, eq, inArray, not, sql } from "drizzle-orm";
import type { NotificationType } from "../../../core/notifications";
import type { PushNotice } from "../../../core/push";
import type { Tx } from "../../db/client";
import { pushSubscriptions, userSettings } from "../../db/schema/index";
import { hasVisibleTab } from "../../lib/tab-presence";
import { enqueue, pushRow, type OutboxRow } from "../outbox/outbox.public";

export type PushableNotification = {
  userId: string;
  userNotificationId: string;
  type: NotificationType;
  title: string;
  /** HTML as stored. */
  content: string;
  link: string | null;
  metadata?: Record<string, unknown> | null;
};

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/** A notification's HTML as the plain text a lock screen shows. */
export function notificationText(content: string): string {
  return content
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

function isDigestReminder(item: PushableNotification): boolean {
  return item.type === "REMINDER" && typeof item.metadata?.deliveryId === "string";
}

export async function enqueueNotificationPushes(
  tx: Tx,
  items: PushableNotification[],
): Promise<void> {
  const wanted = items.filter((item) => !isDigestReminder(item));
  if (wanted.length === 0) return;
  const devices = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(userSettings, eq(userSettings.userId, pushSubscriptions.userId))
    .where(
      and(
        inArray(pushSubscriptions.userId, [...new Set(wanted.map((item) => item.userId))]),
        eq(userSettings.pushInAppNotifications, true),
        // Someone looking at the app sees it there (the bell and the page follow live).
        not(hasVisibleTab(pushSubscriptions.userId)),
      ),
    );
  if (devices.length === 0) return;
  const rows = wanted.flatMap((item) => {
    const notice: PushNotice = {
      kind: "notice",
      title: item.title,
      text: notificationText(item.content),
      openUrl: item.link ?? "/app/notifications",
      tag: `notification-${item.userNotificationId}`,
    };
    return devices
      .filter((device) => device.userId === item.userId)
      .map((device) =>
        pushRow({
          kind: "notification-push",
          userId: item.userId,
          subscriptionId: device.id,
          message: notice,
        }),
      );
  });
  await enqueue(tx, rows);
}

export async function recordPushDelivered(tx: Tx, rows: OutboxRow[], now: Date): Promise<void> {
  const pushed = rows.filter((row) => row.channel === "push" && row.userId);
  if (pushed.length === 0) return;
  await tx
    .update(pushSubscriptions)
    .set({ lastSuccessAt: now, failureCount: 0 })
    .where(
      and(
        inArray(pushSubscriptions.userId, [...new Set(pushed.map((row) => row.userId!))]),
        inArray(pushSubscriptions.id, [...new Set(pushed.map((row) => row.to))]),
      ),
    );
}

export async function recordPushFailure(tx: Tx, row: OutboxRow): Promise<void> {
  if (row.channel !== "push" || !row.userId) return;
  await tx
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(and(eq(pushSubscriptions.id, row.to), eq(pushSubscriptions.userId, row.userId)));
}
