import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEnv } from "../../../tests/helpers/test-app";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { ERROR_STATUS, type ErrorCode } from "../../core/api-error";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";

const GENERIC_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

// The one error handler, in the real app: routes that fail in each way a service can.
describe("error handler", () => {
  let app: FastifyInstance;
  let database: Database;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      env: testEnv({ LOG_LEVEL: "error" }),
      database,
      serveWeb: false,
      logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    app.get("/api/test-errors/unexpected", async () => {
      throw new Error("connection to 10.0.0.5 refused by billing-db");
    });
    app.get("/api/test-errors/database", async () => {
      await app.db.execute(sql`select * from no_such_table`);
      return { ok: true };
    });
    app.get<{ Params: { code: ErrorCode } }>("/api/test-errors/app/:code", async (request) => {
      throw new AppError(request.params.code, `Refused with ${request.params.code}.`, {
        name: "Needs a look",
      });
    });
    app.post(
      "/api/test-errors/validated",
      { schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(app.env.DATA_DIR, { recursive: true, force: true });
  });

  function logFor(requestId: string) {
    return logLines.find((line) => line.reqId === requestId && line.level === 50);
  }

  it("answers an unexpected error with 500, a generic message and the request id; details only in the log", async () => {
    const res = await app.inject({ url: "/api/test-errors/unexpected" });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ error: { requestId: string } }>();
    expect(body).toEqual({
      error: { code: "INTERNAL", message: GENERIC_MESSAGE, requestId: expect.any(String) },
    });
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain("10.0.0.5");
    expect(res.body).not.toContain("errors.test.ts");

    const logged = logFor(body.error.requestId);
    expect(logged?.msg).toBe("unhandled error");
    const err = logged?.err as { message: string; stack: string };
    expect(err.message).toBe("connection to 10.0.0.5 refused by billing-db");
    expect(err.stack).toContain("errors.test.ts");
  });

  it("hides a database failure the same way", async () => {
    const res = await app.inject({ url: "/api/test-errors/database" });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe(GENERIC_MESSAGE);
    expect(res.body).not.toContain("no_such_table");
    const logged = logFor(res.json<{ error: { requestId: string } }>().error.requestId);
    expect(JSON.stringify(logged?.err)).toContain("no_such_table");
  });

  it("maps every AppError code to its status, with the service's message and fields", async () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const res = await app.inject({ url: `/api/test-errors/app/${code}` });
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toEqual({
        error: { code, message: `Refused with ${code}.`, fields: { name: "Needs a look" } },
      });
    }
  });

  it("answers invalid input with 400 naming each field", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test-errors/validated",
      payload: { name: "", age: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { code: string; message: string; fields: object } }>().error;
    expect(error.code).toBe("BAD_REQUEST");
    expect(Object.keys(error.fields).sort()).toEqual(["age", "name"]);
    expect(error.message).toMatch(/^Please check your input\. /);
  });
});
