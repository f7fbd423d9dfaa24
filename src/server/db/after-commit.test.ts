import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { notifyAfterCommit } from "./after-commit";
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
      expect(listener.heard.every((h) => !h.marks.includes("undone"))).toBe(true);
    } finally {
      await listener.stop();
    }
  });

  it("sends a payload queued twice in one transaction once", async () => {
    const listener = await listenWithReads(database);
    try {
      await database.db.transaction(async (tx) => {
        await mark(tx, "twice");
        await notifyAfterCommit(tx, CHANNEL, ["twice"]);
      });
      await listener.settle(1);
      expect(listener.heard).toEqual([
        { payload: "twice", marks: ["committed", "outer", "released", "twice"] },
      ]);
    } finally {
      await listener.stop();
    }
  });
});
