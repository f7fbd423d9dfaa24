// Citus readiness (docs/deployment.md), read from the live schema: every user-owned table carries
// the user's id with an index that leads with it; the distributed ones keep Citus's rules (the
// owner in every primary key, unique constraint and foreign key between them, and never null);
// every other table is named here as global or local. A new table fails until it is placed.
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

/**
 * User-owned tables that stay on the coordinator: looked up before the owner is known (a session
 * token, a Stripe id, a chat id) or written without an owner (mail to an address with no account,
 * a failed sign-in). They reference only `users`, a reference table.
 */
const LOCAL_TABLES = new Set([
  "accounts",
  "auth_events",
  "checkout_sessions",
  "outbox",
  "payments",
  "reminder_channels",
  "sessions",
  "subscriptions",
]);

/** Global tables copied to every node, which any table may reference. */
const REFERENCE_TABLES = new Set(["users", "notifications"]);

type Key = { table: string; kind: string; name: string; columns: string[] };
type ForeignKey = {
  table: string;
  name: string;
  columns: string[];
  target: string;
  targetColumns: string[];
};

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

  it("keeps Citus's rules on every distributed table", async () => {
    const rows = async <T>(query: ReturnType<typeof sql>) => {
      const result = await database.db.execute(query);
      return (result as { rows: T[] }).rows;
    };
    // Primary keys, unique constraints and unique indexes, each with its columns in order.
    const keys = await rows<Key>(sql`
      select t.relname as "table", case when i.indisprimary then 'primary key' else 'unique' end as kind,
        c.relname as name, array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o)
          join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o) as columns
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and i.indisunique`);
    const foreignKeys = await rows<ForeignKey>(sql`
      select t.relname as "table", k.conname as name, f.relname as target,
        array(select a.attname::text from unnest(k.conkey) with ordinality x(n, o)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n order by x.o) as columns,
        array(select a.attname::text from unnest(k.confkey) with ordinality x(n, o)
          join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n order by x.o) as "targetColumns"
      from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_class f on f.oid = k.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and k.contype = 'f'`);
    const nullable = await rows<{ table: string; column: string }>(sql`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and is_nullable = 'YES'`);
    const ownerOf = new Map(
      listUserOwnedTables().map(({ name, column }) => [
        name,
        column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      ]),
    );
    const distributed = new Map([...ownerOf].filter(([table]) => !LOCAL_TABLES.has(table)));
    expect(distributed.size).toBeGreaterThan(25);
    const broken: string[] = [];
    for (const [table, owner] of distributed) {
      const tableKeys = keys.filter((k) => k.table === table);
      if (!tableKeys.some((k) => k.kind === "primary key")) broken.push(`${table}: no primary key`);
      for (const key of tableKeys.filter((k) => !k.columns.includes(owner)))
        broken.push(`${table}: ${key.kind} ${key.name} (${key.columns.join(", ")}) lacks ${owner}`);
      if (nullable.some((c) => c.table === table && c.column === owner))
        broken.push(`${table}: ${owner} may be null`);
    }
    for (const fk of foreignKeys) {
      if (REFERENCE_TABLES.has(fk.target)) continue;
      const from = distributed.get(fk.table);
      const to = distributed.get(fk.target);
      if (from && to) {
        // Both sides name the owner, in the same position: the rows are always on one shard.
        const at = fk.columns.indexOf(from);
        if (at < 0 || fk.targetColumns[at] !== to)
          broken.push(
            `${fk.table}: foreign key ${fk.name} to ${fk.target} does not match on ${from}`,
          );
      } else if (from || to || ownerOf.has(fk.table)) {
        broken.push(`${fk.table}: foreign key ${fk.name} to ${fk.target} crosses placements`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("places every table: owned by a user, or global", async () => {
    const owned = new Set(listUserOwnedTables().map((t) => t.name));
    const unplaced = (await listTables(database.db)).filter(
      (t) => !owned.has(t) && !GLOBAL_TABLES.has(t),
    );
    expect(unplaced).toEqual([]);
  });
});
