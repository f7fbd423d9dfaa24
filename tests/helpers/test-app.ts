// build() for API tests: the real app on a real database, plus users signed in through the
// real auth endpoints, and injectAs(user) for requests with their session cookie.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import type { Database } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema/index";
import { parseEnv, type Env } from "../../src/server/env";
import { createTestDatabase } from "./test-database";

export const TEST_APP_URL = "http://localhost:3000";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    DATA_DIR: overrides.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "tend-test-")),
    APP_URL: TEST_APP_URL,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    RATE_LIMIT_ENABLED: "false",
    SCHEDULER_ENABLED: "false",
    LOG_LEVEL: "silent",
    BILLING_PROVIDER: "off",
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
};

export async function build(
  envOverrides: Record<string, string> = {},
  options: { serveWeb?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    env: testEnv(envOverrides),
    database,
    serveWeb: options.serveWeb ?? false,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(app.env.DATA_DIR, { recursive: true, force: true });
    },
  };
}

export type TestUser = { id: string; email: string; cookie: string };

let userCounter = 0;

export function uniqueEmail(prefix = "user"): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${userCounter}@example.com`;
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

// Signs up through the real endpoint, marks the email verified (the mail flow has its own
// tests), and signs in, returning the session cookie.
export async function createUser(
  app: FastifyInstance,
  options: { email?: string; password?: string; isVerified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct-horse-1";
  const signUp = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: TEST_APP_URL },
    payload: { email, password, name: email.split("@")[0] },
  });
  if (signUp.statusCode !== 200)
    throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const id = signUp.json<{ user: { id: string } }>().user.id;
  if (options.isVerified === false) return { id, email, cookie: "" };
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_APP_URL },
    payload: { email, password },
  });
  if (signIn.statusCode !== 200)
    throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { id, email, cookie: cookieFrom(signIn) };
}

export function injectAs(app: FastifyInstance, user: TestUser, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { origin: TEST_APP_URL, ...options.headers, cookie: user.cookie },
  });
}
