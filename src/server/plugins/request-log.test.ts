import { rmSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnv } from "../../../tests/helpers/test-app";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { buildApp } from "../app";
import type { Database } from "../db/client";

describe("request log", () => {
  let app: FastifyInstance;
  let database: Database;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      env: testEnv({ LOG_LEVEL: "info" }),
      database,
      serveWeb: false,
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(app.env.DATA_DIR, { recursive: true, force: true });
  });

  it("writes one info line per request, health checks below info, no query strings", async () => {
    lines.length = 0;
    await app.inject({ url: "/healthz" });
    await app.inject({ url: "/readyz" });
    const res = await app.inject({ url: "/api/config?secret=abc" });
    const requestLines = lines.filter((l) => "statusCode" in l);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      method: "GET",
      path: "/api/config",
      statusCode: res.statusCode,
      msg: expect.stringMatching(/^GET \/api\/config 200 \d+ ms$/),
    });
    expect(JSON.stringify(lines)).not.toContain("secret=abc");
  });

  it("logs a route with parameters by its pattern, so tokens stay out", async () => {
    lines.length = 0;
    await app.inject({ url: "/api/billing/checkout/cs_local_secret-token" });
    const [line] = lines.filter((l) => "statusCode" in l);
    expect(line?.path).toBe("/api/billing/checkout/:sessionId");
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });
});
