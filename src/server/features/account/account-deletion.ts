// Deleting an account: the subscription set to end with the provider, then every
// row that belongs to the user removed in one transaction, then their stored files, then a
// goodbye mail through the outbox (addressed by email, linked to no user).
import { and, eq, inArray, isNull, notExists } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { PgTable as PgTableClass } from "drizzle-orm/pg-core";
import type { Mailer } from "../../adapters/mail";
import type { Db, Tx } from "../../db/client";
import * as schema from "../../db/schema/index";
import { escapeHtml } from "../../lib/html";
import { clearPendingPhone } from "../../lib/pending-phone";
import { deleteUserFiles, type Storage } from "../../lib/storage/storage";

export type UserOwnedTable = { name: string; table: PgTable; column: PgColumn };

/**
 * Every table with a column that references users.id, read from the schema itself, so a table
 * added later is deleted (and tested) without anyone listing it.
 */
export function listUserOwnedTables(): UserOwnedTable[] {
  const found: UserOwnedTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTableClass) || value === schema.users) continue;
    const config = getTableConfig(value);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable !== schema.users) continue;
      for (const column of ref.columns) {
        found.push({ name: config.name, table: value, column });
      }
    }
  }
  return found;
}

export async function deleteUserRows(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // A notification's text (a reminder names the user's contacts) is linked to users only
    // through user_notifications, so it is read before the links go and deleted after them.
    const linked = await tx
      .select({ id: schema.userNotifications.notificationId })
      .from(schema.userNotifications)
      .where(eq(schema.userNotifications.userId, userId));
    // Tables whose link is "set null" (the audit log, the outbox) would otherwise keep rows.
    for (const { table, column } of listUserOwnedTables()) {
      await tx.delete(table).where(eq(column, userId));
    }
    // A number kept aside until verified is not linked by a foreign key.
    await clearPendingPhone(tx, userId);
    await deleteUnlinkedNotifications(
      tx,
      linked.map((row) => row.id),
    );
    await tx.delete(schema.users).where(eq(schema.users.id, userId));
  });
}

/** Deletes those of `ids` no user links to any more; announcements stay for their re-runs. */
async function deleteUnlinkedNotifications(tx: Tx, ids: string[]): Promise<void> {
  const { notifications, userNotifications } = schema;
  for (let i = 0; i < ids.length; i += 1000) {
    await tx
      .delete(notifications)
      .where(
        and(
          inArray(notifications.id, ids.slice(i, i + 1000)),
          isNull(notifications.announcementKey),
          notExists(
            tx
              .select({ id: userNotifications.id })
              .from(userNotifications)
              .where(eq(userNotifications.notificationId, notifications.id)),
          ),
        ),
      );
  }
}

export async function deleteAccount(
  deps: { db: Db; storage: Storage; mailer: Mailer; appName: string },
  user: { id: string; email: string },
): Promise<void> {
  await deleteUserRows(deps.db, user.id);
  // After the commit: a failed transaction must not leave rows pointing at deleted files.
  await deleteUserFiles(deps.storage, user.id);
  const name = deps.appName;
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${name} account has been deleted`,
    text: `Your ${name} account and everything in it (contacts, history, reminders, settings, profile and uploaded images) have been deleted, and your subscription will not renew.\n\nThank you for using ${name}. You are welcome back any time.\n`,
    html: `<p>Your ${escapeHtml(name)} account and everything in it (contacts, history, reminders, settings, profile and uploaded images) have been deleted, and your subscription will not renew.</p><p>Thank you for using ${escapeHtml(name)}. You are welcome back any time.</p>`,
    kind: "account-deleted",
    userId: null,
  });
}
