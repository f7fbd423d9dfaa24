// What a paid request needs to know about its user besides the session, in one prepared query:
// the billing row requirePaidUser checks, the time zone contact handlers compute "today" in, and
// the contact list's version its cache is keyed by. Below the features, like account-rows.ts,
// because the auth gate, billing and contacts all read it.
import { eq, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { billingStatus, contactListVersions, userSettings, users } from "../db/schema/index";

export type BillingRow = typeof billingStatus.$inferSelect;

export type RequestAccount = {
  billing: BillingRow | null;
  /** null when the user has no settings row yet. */
  timeZone: string | null;
  /** 0 until the user's first contact write. */
  contactListVersion: number;
};

function prepare(db: Db) {
  return db
    .select({
      billing: billingStatus,
      timeZone: userSettings.timezone,
      contactListVersion: contactListVersions.version,
    })
    .from(users)
    .leftJoin(billingStatus, eq(billingStatus.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(contactListVersions, eq(contactListVersions.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("request_account");
}

/** Reads a user's account snapshot (null when the user is gone). */
export function createRequestAccountReader(database: Database) {
  const query = prepare(database.db);
  return async (userId: string): Promise<RequestAccount | null> => {
    const [row] = await query.execute({ userId });
    if (!row) return null;
    return {
      billing: row.billing,
      timeZone: row.timeZone,
      contactListVersion: row.contactListVersion ?? 0,
    };
  };
}
