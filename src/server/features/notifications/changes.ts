// The change log behind the stream: every change to a user's notification rows gets the next
// position of that user's own sequence, in the transaction that makes the change, and a wake-up
// (a NOTIFY carrying only the user id), which PostgreSQL delivers when that transaction commits
// and drops when it rolls back.
//
// The counter row is taken with INSERT … ON CONFLICT DO UPDATE, which holds its row lock until
// commit: two transactions changing one user's rows are serialised, so positions commit in
// order and a reader that has seen position N never later finds a new row below N.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { notificationEvents, notificationPositions } from "../../db/schema/index";

export const NOTIFICATIONS_CHANNEL = "tend_notifications";

export type ChangeKind = "created" | "seen" | "all_seen";
export type Change = { userId: string; kind: ChangeKind; userNotificationId: string | null };
export type ChangeEvent = {
  position: number;
  kind: ChangeKind;
  userNotificationId: string | null;
};

/** Records the changes in the caller's transaction; their wake-ups go out when it commits. */
export async function recordChanges(tx: Db | Tx, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(c.userId, (counts.get(c.userId) ?? 0) + 1);
  // Always lock counters in the same order, so two multi-user writers cannot deadlock.
  const userIds = [...counts.keys()].sort();
  const bumped = await tx
    .insert(notificationPositions)
    .values(userIds.map((userId) => ({ userId, position: counts.get(userId)! })))
    .onConflictDoUpdate({
      target: notificationPositions.userId,
      set: { position: sql`${notificationPositions.position} + excluded.position` },
    })
    .returning({ userId: notificationPositions.userId, position: notificationPositions.position });
  const next = new Map<string, number>();
  for (const row of bumped) {
    next.set(row.userId, Number(row.position) - counts.get(row.userId)! + 1);
  }
  await tx.insert(notificationEvents).values(
    changes.map((c) => {
      const position = next.get(c.userId)!;
      next.set(c.userId, position + 1);
      return {
        userId: c.userId,
        position,
        kind: c.kind,
        userNotificationId: c.userNotificationId,
      };
    }),
  );
  await tx.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, id) from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as ids(id)`,
  );
}

/** The user's last position (0 before any change). */
export async function currentPosition(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ position: notificationPositions.position })
    .from(notificationPositions)
    .where(eq(notificationPositions.userId, userId));
  return row ? Number(row.position) : 0;
}

export async function readChangesAfter(
  db: Db,
  userId: string,
  after: number,
  limit: number,
): Promise<ChangeEvent[]> {
  const rows = await db
    .select({
      position: notificationEvents.position,
      kind: notificationEvents.kind,
      userNotificationId: notificationEvents.userNotificationId,
    })
    .from(notificationEvents)
    .where(and(eq(notificationEvents.userId, userId), gt(notificationEvents.position, after)))
    .orderBy(asc(notificationEvents.position))
    .limit(limit);
  return rows.map((r) => ({
    position: Number(r.position),
    kind: r.kind as ChangeKind,
    userNotificationId: r.userNotificationId,
  }));
}
