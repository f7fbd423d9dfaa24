import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../../tests/helpers/test-app";

const TOKEN = "metrics-token-0123456789";

describe("GET /metrics on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());

  it("exposes the connection pool's use", async () => {
    // A copied test database needs no migration, so the pool opens its first connection here.
    await t.app.db.execute(sql`select 1`);
    const res = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = new Map(
      res.body
        .split("\n")
        .filter((l) => l.startsWith("tend_db_pool"))
        .map((l) => [l.slice(0, l.lastIndexOf(" ")), Number(l.slice(l.lastIndexOf(" ") + 1))]),
    );
    expect(lines.get("tend_db_pool_max")).toBe(10);
    expect(lines.get('tend_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(lines.get('tend_db_pool_connections{state="waiting"}')).toBe(0);
    expect(lines.has('tend_db_pool_connections{state="in_use"}')).toBe(true);
  });
});
