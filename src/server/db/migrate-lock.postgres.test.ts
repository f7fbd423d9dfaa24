import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../tests/helpers/test-database";
import { MIGRATIONS_DIR, openDatabase } from "./client";

// Two app instances starting at once against one fresh PostgreSQL database.
describe("migrations at start under an advisory lock", () => {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  let empty: EmptyPostgresDatabase;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => empty.drop());

  it("lets two instances migrate concurrently, applying each migration exactly once", async () => {
    const first = await openDatabase({ databaseUrl: empty.url });
    const second = await openDatabase({ databaseUrl: empty.url });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      expect(await first.listPendingMigrations()).toEqual([]);
      expect(await second.listPendingMigrations()).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }

    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ created_at: string }>(
        "select created_at from drizzle.__drizzle_migrations order by created_at",
      );
      expect(rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
      const { rows: tables } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name = 'contacts'",
      );
      expect(tables[0]?.n).toBe(1);
    } finally {
      await client.end();
    }
  });
});
