import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../tests/helpers/test-database";
import { notifyAfterCommit } from "./after-commit";
import { openDatabase } from "./client";

// A process that commits and closes at once (the announcement command, a worker stopping) still
// sends the NOTIFYs waiting for their batch: another instance's streams hear them.
describe("NOTIFY after commit when the database closes (decision 227)", () => {
  let empty: EmptyPostgresDatabase;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => empty.drop());

  it("sends what is pending before the connections close", async () => {
    const listening = await openDatabase({ databaseUrl: empty.url });
    const heard: string[] = [];
    const stop = await listening.listen(
      "closing_test",
      (p) => void heard.push(p),
      () => {},
    );
    try {
      const writer = await openDatabase({ databaseUrl: empty.url });
      await writer.db.transaction((tx) => notifyAfterCommit(tx, "closing_test", ["last words"]));
      await writer.close();
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(["last words"]);
    } finally {
      await stop();
      await listening.close();
    }
  });
});
