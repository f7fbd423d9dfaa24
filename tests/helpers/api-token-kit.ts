// Personal access tokens for API tests: made through the real Settings route, used as a bearer.
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import { injectAs, type TestUser } from "./test-app";

export async function makeToken(
  app: FastifyInstance,
  user: TestUser,
  body: { name?: string; scope?: "read" | "write"; expiresInDays?: 30 | 90 | 365 | null } = {},
): Promise<{ id: string; token: string }> {
  const res = await injectAs(app, user, {
    method: "POST",
    url: "/api/tokens",
    payload: { name: "script", scope: "write", expiresInDays: null, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A request with the token as its only credential, as a script sends it. */
export function injectWithToken(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${token}` },
  });
}
