// `npm run move-to-postgres -- <DATABASE_URL>`: copies the embedded database in
// DATA_DIR to an empty PostgreSQL database, parents before children, in one transaction, and
// checks the row count of every table on both sides. Rows travel as JSON that PostgreSQL itself
// turns back into each column's type (row_to_json → json_populate_recordset), so jsonb, arrays,
// timestamps and bytea arrive exactly as they were.
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { assertEmbeddedNotInUse, OperatorError, pgliteDir } from "./backup";
import { openDatabase, type Database } from "./client";
import { compareCounts, countRows, listTablesParentsFirst, type RowCounts } from "./tables";

const BATCH_ROWS = 1000;

export type MoveResult = { source: RowCounts; target: RowCounts };

export async function moveToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  onTable?: (table: string, rows: number) => void;
}): Promise<MoveResult> {
  const { dataDir, databaseUrl } = options;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new OperatorError(
      `"${databaseUrl}" is not a PostgreSQL URL: give one like postgres://user:password@host:5432/tend.`,
    );
  }
  if (!existsSync(pgliteDir(dataDir))) {
    throw new OperatorError(`There is no embedded database in ${pgliteDir(dataDir)} to move.`);
  }
  assertEmbeddedNotInUse(dataDir);
  const source = await openDatabase({ dataDir });
  let target: Database | undefined;
  try {
    // Both sides on the code's schema: the copy is table for table, column for column.
    await source.migrate();
    try {
      target = await openDatabase({ databaseUrl });
      await target.migrate();
    } catch (error) {
      throw new OperatorError(
        `Cannot prepare the PostgreSQL database: ${(error as Error).message}`,
      );
    }
    const before = await countRows(target.db);
    const filled = Object.entries(before).filter(([, n]) => n > 0);
    if (filled.length > 0) {
      throw new OperatorError(
        `The PostgreSQL database is not empty (${filled.map(([t, n]) => `${t}: ${n}`).join(", ")}): move into a new, empty database.`,
      );
    }
    const tables = await listTablesParentsFirst(source.db);
    await target.db.transaction(async (tx) => {
      for (const table of tables) {
        const result: unknown = await source.db.execute(
          sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
        );
        const rows = (result as { rows: Array<{ row: string }> }).rows.map((r) => r.row);
        for (let i = 0; i < rows.length; i += BATCH_ROWS) {
          const batch = `[${rows.slice(i, i + BATCH_ROWS).join(",")}]`;
          await tx.execute(
            sql`insert into ${sql.identifier(table)}
                select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
          );
        }
        options.onTable?.(table, rows.length);
      }
    });
    const counts = { source: await countRows(source.db), target: await countRows(target.db) };
    const mismatches = compareCounts(counts.source, counts.target);
    if (mismatches.length > 0) {
      throw new OperatorError(`Row counts differ after the copy:\n  ${mismatches.join("\n  ")}`);
    }
    return counts;
  } finally {
    await source.close();
    await target?.close();
  }
}
