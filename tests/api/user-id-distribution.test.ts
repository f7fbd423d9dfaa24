// Citus readiness (docs/deployment.md): every user-owned table carries the user's
// id in a column with an index that leads with it, so `create_distributed_table(…, 'user_id')`
// stays possible; every other table is named here as global (a Citus reference or local table).
// A new table fails this test until it is placed in one group or the other.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTables } from "../../src/server/db/tables";
import { listUserOwnedTables } from "../../src/server/features/account/account-deletion";
import { createTestDatabase } from "../helpers/test-database";
import type { Database } from "../../src/server/db/client";

/** Tables with no owner: shared by all users, or used before anyone signs in. */
const GLOBAL_TABLES = new Set([
  "users",
  "notifications",
  "job_heartbeats",
  "service_leases",
  "leads",
  "rate_limits",
  "rate_counters",
  "verifications",
  "webhook_events",
]);

describe("distribution by user_id", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it("gives every user-owned table an index that leads with its user column", async () => {
    const result: unknown = await database.db.execute(
      sql`select t.relname as "table", a.attname as "column"
          from pg_index i
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
          where n.nspname = 'public'`,
    );
    const leading = new Set(
      (result as { rows: Array<{ table: string; column: string }> }).rows.map(
        (r) => `${r.table}.${r.column}`,
      ),
    );
    const owned = listUserOwnedTables().map(
      ({ name, column }) =>
        `${name}.${column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    );
    expect(owned.length).toBeGreaterThan(15);
    expect(owned.filter((c) => !leading.has(c))).toEqual([]);
  });

  it("places every table: owned by a user, or global", async () => {
    const owned = new Set(listUserOwnedTables().map((t) => t.name));
    const unplaced = (await listTables(database.db)).filter(
      (t) => !owned.has(t) && !GLOBAL_TABLES.has(t),
    );
    expect(unplaced).toEqual([]);
  });
});
