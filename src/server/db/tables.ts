// The application's tables as the database sees them (schema `public`): for backups, restores
// and the move to PostgreSQL, which count rows per table and copy tables parents-first.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export async function listTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

export type RowCounts = Record<string, number>;

export async function countRows(db: Db): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const table of await listTables(db)) {
    const [row] = await rowsOf<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Every table after the tables its foreign keys point to, so rows can be inserted in order. */
export async function listTablesParentsFirst(db: Db): Promise<string[]> {
  const tables = await listTables(db);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parentsOf = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) {
    const name = (t: string) => t.replace(/^public\./, "").replaceAll('"', "");
    if (name(child) !== name(parent)) parentsOf.get(name(child))?.add(name(parent));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    path.add(table);
    for (const parent of parentsOf.get(table) ?? []) visit(parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** The tables whose row counts differ, as "table: expected N, found M" lines. */
export function compareCounts(expected: RowCounts, found: RowCounts): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return tables
    .filter((t) => (expected[t] ?? 0) !== (found[t] ?? 0))
    .map((t) => `${t}: expected ${expected[t] ?? 0}, found ${found[t] ?? 0}`);
}
