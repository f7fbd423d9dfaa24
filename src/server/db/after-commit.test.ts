import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { NOTIFY_BATCH_MS, notifyAfterCommit } from "./after-commit";
import type { Database } from "./client";

const CHANNEL = "after_commit_test";

// What a listener has been sent, and the rows of `marks` it could read when each NOTIFY arrived.
async function listenWithReads(database: Database) {
  const heard: { payload: string; marks: string[] }[] = [];
  const reads: Promise<void>[] = [];
  const stop = await database.listen(
    CHANNEL,
    (payload) => {
      reads.push(
        database.db.execute(sql`select name from marks order by name`).then((result) => {
          const { rows } = result as { rows: { name: string }[] };
          heard.push({ payload, marks: rows.map((row) => row.name) });
        }),
      );
    },
    () => {},
  );
  return {
    heard,
    async settle(count: number) {
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
      // Anything sent that should not have been would arrive within this.
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all(reads);
    },
    stop,
  };
}

describe("NOTIFY after commit (decision 227)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table marks (name text primary key)`);
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`delete from marks`);
  });

  async function mark(tx: Parameters<typeof notifyAfterCommit>[0], name: string) {
    await tx.execute(sql`insert into marks values (${name})`);
    await notifyAfterCommit(tx, CHANNEL, [name]);
  }

  it("sends a transaction's NOTIFY once it has committed, and none for one rolled back", async () => {
    const listener = await listenWithReads(database);
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await mark(tx, "rolled-back");
          throw new Error("the work failed");
        }),
      ).rejects.toThrow("the work failed");
      await database.db.transaction((tx) => mark(tx, "committed"));
      await listener.settle(1);
      expect(listener.heard).toEqual([{ payload: "committed", marks: ["committed"] }]);
    } finally {
      await listener.stop();
    }
  });

  it("drops what a savepoint rolled back queued, and sends what a released one did", async () => {
    const listener = await listenWithReads(database);
    try {
      await database.db.transaction(async (tx) => {
        await tx.transaction((inner) => mark(inner, "released"));
        await tx
          .transaction(async (inner) => {
            await mark(inner, "undone");
            throw new Error("this part failed");
          })
          .catch(() => {});
        await mark(tx, "outer");
      });
      await listener.settle(2);
      expect(listener.heard.map((h) => h.payload).sort()).toEqual(["outer", "released"]);
    } finally {
      await listener.stop();
    }
  });

  it("sends nothing while the transaction is still open, however long it takes", async () => {
    const listener = await listenWithReads(database);
    try {
      await database.db.transaction(async (tx) => {
        await mark(tx, "slow");
        // Several batch periods: a NOTIFY queued before the commit would have gone out by now.
        await new Promise((r) => setTimeout(r, 10 * NOTIFY_BATCH_MS));
        expect(listener.heard).toEqual([]);
      });
      await listener.settle(1);
      expect(listener.heard).toEqual([{ payload: "slow", marks: ["slow"] }]);
    } finally {
      await listener.stop();
    }
  });

  it("sends a payload queued twice in one transaction once, in one statement", async () => {
    const execute = vi.spyOn(database.db, "execute");
    try {
      await database.db.transaction(async (tx) => {
        await mark(tx, "twice");
        await notifyAfterCommit(tx, CHANNEL, ["twice", "other"]);
      });
      const sent = () =>
        execute.mock.calls
          .map(([query]) => new PgDialect().sqlToQuery(query as SQL).params)
          .filter((params) => String(params[0]).startsWith(`{"${CHANNEL}"`));
      await expect.poll(() => sent().length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 10 * NOTIFY_BATCH_MS));
      expect(sent()).toEqual([[`{"${CHANNEL}","${CHANNEL}"}`, `{"twice","other"}`]]);
    } finally {
      execute.mockRestore();
    }
  });

  it("sends any payload as it is, and tens of thousands in one batch", async () => {
    const odd = "a \"quoted\", back\\slash {brace} 'single' NULL";
    const many = Array.from({ length: 40_000 }, (_, i) => `p${i}`);
    const heard: string[] = [];
    const stop = await database.listen(
      CHANNEL,
      (payload) => void heard.push(payload),
      () => {},
    );
    try {
      await database.db.transaction((tx) => notifyAfterCommit(tx, CHANNEL, [odd, ...many]));
      await expect.poll(() => heard.length, { timeout: 20_000 }).toBe(many.length + 1);
      expect(heard[0]).toBe(odd);
      expect(new Set(heard).size).toBe(many.length + 1);
    } finally {
      await stop();
    }
  }, 30_000);
});
