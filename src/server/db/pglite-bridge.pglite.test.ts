// The embedded database in its own thread (PGlite only, so named *.pglite.test.ts): what the app relies on through the
// bridge — transactions that commit or roll back as a whole, PostgreSQL's error fields, LISTEN.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { startDatabase, type Database } from "./client";

describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table bridge_t (id int primary key, note text)`);
  });
  afterAll(() => database.close());

  it("rolls back a transaction that throws, and keeps one that returns", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bridge_t values (1, 'kept?')`);
        throw new Error("stop half way");
      }),
    ).rejects.toThrow("stop half way");
    const kept = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bridge_t values (2, 'kept')`);
      return "done";
    });
    expect(kept).toBe("done");
    const { rows } = (await database.db.execute(sql`select id from bridge_t order by id`)) as {
      rows: { id: number }[];
    };
    expect(rows).toEqual([{ id: 2 }]);
  });

  it("carries PostgreSQL's error code and constraint across the thread", async () => {
    const error = await database.db
      .execute(sql`insert into bridge_t values (2, 'again')`)
      .catch((e: unknown) => e);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe("23505");
    expect(cause?.constraint).toBe("bridge_t_pkey");
  });

  it("queues other queries behind an open transaction", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bridge_t values (3, 'in tx')`);
      outside = database.db
        .execute(sql`select count(*)::int as n from bridge_t`)
        .then((r) => order.push(`outside saw ${(r as { rows: { n: number }[] }).rows[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    await outside;
    expect(order).toEqual(["commit", "outside saw 2"]);
  });

  it("delivers NOTIFY to a listener until it stops listening", async () => {
    const payloads: string[] = [];
    const stop = await database.listen(
      "bridge_channel",
      (p) => payloads.push(p),
      () => {},
    );
    await database.db.execute(sql`select pg_notify('bridge_channel', 'one')`);
    await expect.poll(() => payloads).toEqual(["one"]);
    await stop();
    await database.db.execute(sql`select pg_notify('bridge_channel', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payloads).toEqual(["one"]);
  });
});

describe("PGlite started before its thread has opened the database", () => {
  it("holds the calls made meanwhile and runs them in order once it has", async () => {
    const database = startDatabase({ dataDir: "memory://" });
    try {
      const steps = [
        database.db.execute(sql`create table early_t (id int primary key)`),
        database.db.execute(sql`insert into early_t values (1), (2)`),
        database.db.execute(sql`select count(*)::int as n from early_t`),
      ];
      const [, , counted] = await Promise.all(steps);
      expect(counted).toMatchObject({ rows: [{ n: 2 }] });
    } finally {
      await database.close();
    }
  });

  it("fails the first call with the thread's error when it cannot open the database", async () => {
    const database = startDatabase({
      dataDir: "memory://",
      loadDataDir: new TextEncoder().encode("not a dumped data directory"),
    });
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    await expect(database.migrate()).rejects.toThrow();
    await database.close();
  });
});
