// Reading and marking the signed-in user's notifications (spec 02 §7). Every query filters by the
// user id: another user's row is simply not found.
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type {
  Notification,
  NotificationListQuery,
  NotificationType,
} from "../../../core/notifications";
import type { Db } from "../../db/client";
import { notifications, userNotifications } from "../../db/schema/index";
import { AppError, notFound } from "../../lib/app-error";
import { recordChanges } from "./changes";

/** Position of a row in the newest-first order: microseconds since the epoch, then the id. */
type Cursor = { micros: string; id: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.micros}.${cursor.id}`).toString("base64url");
}

function decodeCursor(value: string): Cursor | null {
  const [micros, id] = Buffer.from(value, "base64url").toString("utf8").split(".");
  if (!micros || !id || !/^\d{1,20}$/.test(micros) || !UUID_PATTERN.test(id)) return null;
  return { micros, id };
}

export type NotificationPage = { items: Notification[]; nextCursor: string | null };

// Microseconds, not a JS Date: rows written in one transaction share a timestamp, and rows a
// millisecond apart must not be skipped or repeated between pages.
const createdMicros = sql<string>`(extract(epoch from ${userNotifications.createdAt}) * 1000000)::bigint::text`;

export async function listNotifications(
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const filters: SQL[] = [eq(userNotifications.userId, userId)];
  if (query.type) filters.push(eq(notifications.type, query.type));
  if (query.status === "unread") filters.push(isNull(userNotifications.seenAt));
  if (query.status === "read") filters.push(isNotNull(userNotifications.seenAt));
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) {
      throw new AppError(
        "BAD_REQUEST",
        "That page link is not valid. Load the notifications again from the first page.",
        { cursor: "is not a cursor this server gave out" },
      );
    }
    filters.push(
      sql`(${userNotifications.createdAt}, ${userNotifications.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      userNotificationId: userNotifications.id,
      notificationId: notifications.id,
      type: notifications.type,
      title: notifications.title,
      createdAt: notifications.createdAt,
      seenAt: userNotifications.seenAt,
      content: notifications.content,
      link: notifications.link,
      metadata: notifications.metadata,
      micros: createdMicros,
    })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(and(...filters))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      user_notification_id: row.userNotificationId,
      notification_id: row.notificationId,
      type: row.type as NotificationType,
      title: row.title,
      notification_created_at: row.createdAt.toISOString(),
      seen_at: row.seenAt?.toISOString() ?? null,
      content: row.content,
      link: row.link,
      metadata: isRecord(row.metadata) ? row.metadata : null,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ micros: last.micros, id: last.userNotificationId })
        : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Marks one of the user's notifications seen; a second call keeps the first time. A row that
 * becomes seen is a `seen` change on the user's stream; a repeat changes nothing and sends none.
 */
export async function markNotificationSeen(
  db: Db,
  options: { userId: string; userNotificationId: string; now: Date },
): Promise<void> {
  const { userId, userNotificationId, now } = options;
  if (!UUID_PATTERN.test(userNotificationId)) throw notFound("That notification");
  const owned = and(
    eq(userNotifications.id, userNotificationId),
    eq(userNotifications.userId, userId),
  );
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userNotifications)
      .set({ seenAt: now })
      .where(and(owned, isNull(userNotifications.seenAt)))
      .returning({ id: userNotifications.id });
    if (row) await recordChanges(tx, [{ userId, kind: "seen", userNotificationId: row.id }]);
    return Boolean(row);
  });
  if (changed) return;
  const [existing] = await db
    .select({ id: userNotifications.id })
    .from(userNotifications)
    .where(owned);
  if (!existing) throw notFound("That notification");
}

/** Marks every unread notification of the user seen: one `all_seen` change when any was. */
export async function markAllNotificationsSeen(
  db: Db,
  options: { userId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(userNotifications)
      .set({ seenAt: options.now })
      .where(and(eq(userNotifications.userId, options.userId), isNull(userNotifications.seenAt)))
      .returning({ id: userNotifications.id });
    if (rows.length > 0) {
      await recordChanges(tx, [
        { userId: options.userId, kind: "all_seen", userNotificationId: null },
      ]);
    }
  });
}
