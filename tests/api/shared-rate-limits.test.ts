// Two server processes on one database share each rate limit (decision 322): a token's v1
// limit and an account's CardDAV limit are reached across both apps, never twice over.
import type { FastifyInstance } from "fastify";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import type { Database } from "../../src/server/db/client";
import { injectWithToken, makeToken } from "../helpers/api-token-kit";
import { CARD_PATH, createDevice, dav } from "../helpers/dav-kit";
import { createUser, testEnv } from "../helpers/test-app";
import { createSharedTestDatabase } from "../helpers/test-database";

const LIMITS = { API_TOKEN_REQUESTS_PER_MINUTE: "4", DAV_REQUESTS_PER_MINUTE: "6" };

async function buildOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ env: testEnv(LIMITS), database, serveWeb: false, logger: false });
  await app.ready();
  return app;
}

describe("rate limits shared by two app processes on one database", () => {
  let databases: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    databases = await createSharedTestDatabase();
    one = await buildOn(databases.first);
    two = await buildOn(databases.second);
  });
  afterAll(async () => {
    for (const app of [one, two]) {
      await app.close();
      rmSync(app.env.DATA_DIR, { recursive: true, force: true });
    }
    await databases.close();
  });

  it("counts a token's requests to /api/v1 on both apps toward its one limit", async () => {
    const user = await createUser(one);
    const { token } = await makeToken(one, user);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      for (const app of [one, two]) {
        answers.push(await injectWithToken(app, token, { method: "GET", url: "/api/v1/contacts" }));
      }
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(answers.slice(0, 4).map((a) => a.headers["ratelimit-remaining"])).toEqual([
      "3",
      "2",
      "1",
      "0",
    ]);
    const over = answers[5]!;
    expect(over.headers["ratelimit-limit"]).toBe("4");
    expect(over.json().error.code).toBe("RATE_LIMITED");
    expect(over.json().error.message).toMatch(/^This token made 4 requests in the last minute/);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts an account's phone sync requests on both apps toward its one limit", async () => {
    const user = await createUser(one);
    const device = await createDevice(one, user);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      for (const app of [one, two]) {
        const res = await dav(app, device, { method: "PROPFIND", url: CARD_PATH });
        statuses.push(res.statusCode);
        if (res.statusCode === 503) {
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
          expect(res.body).toMatch(/^Too many sync requests: try again in \d+ seconds\.$/);
        }
      }
    }
    expect(statuses.slice(0, 6).every((s) => s === 207)).toBe(true);
    expect(statuses.slice(6)).toEqual([503, 503, 503, 503]);
  });
});
