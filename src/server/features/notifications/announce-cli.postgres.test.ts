// `npm run announce` as an operator runs it: a real process against PostgreSQL, twice with the
// same --key (the second sends nothing), and a clear message for bad arguments.
import { spawnSync } from "node:child_process";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../../../tests/helpers/test-database";
import { testEnv } from "../../../../tests/helpers/test-app";
import { openDatabase, type Database } from "../../db/client";
import { notificationEvents, userNotifications, users } from "../../db/schema/index";

describe("npm run announce", () => {
  let empty: EmptyPostgresDatabase;
  let database: Database;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    database = await openDatabase({ databaseUrl: empty.url });
    await database.migrate();
    await database.db.insert(users).values(
      Array.from({ length: 1203 }, (_, i) => ({
        id: `u-${String(i).padStart(5, "0")}`,
        name: `User ${i}`,
        email: `u${i}@example.com`,
        emailVerified: true,
      })),
    );
  });
  afterAll(async () => {
    await database.close();
    await empty.drop();
  });

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/server/announce-cli.ts", ...args], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: empty.url,
        AUTH_SECRET: testEnv().AUTH_SECRET,
        APP_URL: "http://localhost:3000",
        LOG_LEVEL: "warn",
      },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("sends to every user in batches, and a re-run with the same --key sends nothing", () => {
    const args = ["--title", "Hello", "--body", "<p>News</p>", "--link", "/app/contacts"];
    const first = run(...args, "--key", "news-1");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Announcement "news-1": sent to 1203 users.');
    expect(first.stdout).toContain("… 500 users so far");
    const second = run(...args, "--key", "news-1");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Announcement "news-1": sent to 0 users.');
  });

  it("has one row and one change per user after both runs", async () => {
    const [rows] = await database.db.select({ n: count() }).from(userNotifications);
    expect(rows!.n).toBe(1203);
    const [events] = await database.db
      .select({ n: count() })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "created"));
    expect(events!.n).toBe(1203);
  });

  it("explains bad arguments", () => {
    const missing = run("--body", "x");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--title is required");
    expect(missing.stderr).toContain("Usage: npm run announce");
    const outside = run("--title", "T", "--body", "B", "--link", "https://example.com");
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain("--link must be an in-app path");
    const unknown = run("--title", "T", "--bogus", "x");
    expect(unknown.status).toBe(2);
  });
});
