// What Tend keeps, and for how long: a message's body for OUTBOX_RETENTION_DAYS after it was sent
// or given up on (its row and status stay for the delivery log), and a year of reminder
// deliveries, webhook deliveries, outgoing messages, sign-in events, one-tap uses and past imports; a notification
// goes half a year after it was read. Runs daily, in short batches, so a backlog never holds a
// long lock.
import { and, eq, gt, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DAY_MS } from "../../core/constants";
import type { Db } from "../db/client";
import {
  authEvents,
  imports,
  oneTapUses,
  outbox,
  reminderDeliveries,
  userNotifications,
  webhookDeliveries,
} from "../db/schema/index";
import { deleteInBatches, UPKEEP_BATCH_ROWS } from "./database-upkeep";

export const DATA_RETENTION_INTERVAL_MS = DAY_MS;

/**
 * The delivery log's year. One-tap uses stay as long as the deliveries their chat buttons point
 * at, so a button pressed again finds either its use (a replay) or no delivery (refused).
 */
export const HISTORY_KEEP_DAYS = 365;
/** A read notification is kept this long after it was read. */
export const READ_NOTIFICATION_KEEP_DAYS = 180;

const FINISHED = ["sent", "failed"];

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Empties the bodies of finished messages older than `cutoff`, a batch at a time. */
async function clearOutboxBodies(db: Db, cutoff: Date): Promise<number> {
  const hasBody = or(
    ne(outbox.text, ""),
    ne(outbox.html, ""),
    ne(outbox.subject, ""),
    isNotNull(outbox.payload),
  );
  let cleared = 0;
  for (;;) {
    const batch = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, FINISHED), lt(outbox.createdAt, cutoff), hasBody))
      .limit(UPKEEP_BATCH_ROWS);
    const rows = await db
      .update(outbox)
      .set({ subject: "", html: "", text: "", headers: {}, payload: null })
      .where(inArray(outbox.id, batch))
      .returning({ id: outbox.id });
    cleared += rows.length;
    if (rows.length < UPKEEP_BATCH_ROWS) return cleared;
  }
}

export async function applyRetention(db: Db, options: { now: Date; outboxRetentionDays: number }) {
  const { now } = options;
  const yearAgo = daysBefore(now, HISTORY_KEEP_DAYS);
  const newer = alias(imports, "newer");
  return {
    outboxBodies: await clearOutboxBodies(db, daysBefore(now, options.outboxRetentionDays)),
    outbox: await deleteInBatches(
      db,
      outbox,
      outbox.id,
      and(inArray(outbox.status, FINISHED), lt(outbox.createdAt, yearAgo)),
    ),
    reminderDeliveries: await deleteInBatches(
      db,
      reminderDeliveries,
      reminderDeliveries.id,
      lt(reminderDeliveries.createdAt, yearAgo),
    ),
    webhookDeliveries: await deleteInBatches(
      db,
      webhookDeliveries,
      webhookDeliveries.id,
      lt(webhookDeliveries.createdAt, yearAgo),
    ),
    oneTapUses: await deleteInBatches(
      db,
      oneTapUses,
      oneTapUses.tokenHash,
      lt(oneTapUses.usedAt, yearAgo),
    ),
    authEvents: await deleteInBatches(
      db,
      authEvents,
      authEvents.id,
      lt(authEvents.createdAt, yearAgo),
    ),
    readNotifications: await deleteInBatches(
      db,
      userNotifications,
      userNotifications.id,
      lt(userNotifications.seenAt, daysBefore(now, READ_NOTIFICATION_KEEP_DAYS)),
    ),
    // The latest import stays whatever its age: it is the one Data's "Undo" offers.
    imports: await deleteInBatches(
      db,
      imports,
      imports.id,
      and(
        lt(imports.createdAt, yearAgo),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(newer)
          .where(and(eq(newer.userId, imports.userId), gt(newer.createdAt, imports.createdAt)))})`,
      ),
    ),
  };
}
