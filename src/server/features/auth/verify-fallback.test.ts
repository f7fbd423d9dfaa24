import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { build, TEST_APP_URL, uniqueEmail, type TestApp } from "../../../../tests/helpers/test-app";
import { outbox, users } from "../../db/schema/index";
import { VERIFICATION_EXPIRES_SECONDS } from "./auth";

// POST /api/verify-email, the verify page's direct fallback: 400 with `msg` when the token is
// refused (the page shows "invalid" or "expired"), a 5xx when the server failed ("server").
describe("verification fallback endpoint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  // Signs up through the real endpoint and reads the token from the mail in the dev mailbox.
  async function signUpAndReadToken(): Promise<{ email: string; token: string }> {
    const email = uniqueEmail("fallback");
    const headers = { origin: TEST_APP_URL };
    await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers,
      payload: { email, password: "secret-pass", name: "F" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers,
      payload: { email },
    });
    const [mail] = await t.app.db.select().from(outbox).where(eq(outbox.to, email));
    const token = new URL(mail!.text.match(/http\S+verify-email\S+/)![0]).searchParams.get("token");
    return { email, token: token! };
  }

  function postToken(token: string) {
    return t.app.inject({
      method: "POST",
      url: "/api/verify-email",
      payload: { type: "signup", token },
    });
  }

  // Runs `run` while a trigger with the given PL/pgSQL body fires on `table`, then drops it.
  async function withTrigger(
    trigger: { name: string; table: string; when: string; body: string },
    run: () => Promise<void>,
  ): Promise<void> {
    const { name, table, when, body } = trigger;
    await t.app.db.execute(
      sql.raw(`create or replace function ${name}() returns trigger language plpgsql as
        $$ begin ${body} end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger ${name} ${when} on ${table} for each row execute function ${name}()`),
    );
    try {
      await run();
    } finally {
      await t.app.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    }
  }

  // The error handler's generic 5xx answer: no detail, a request id to quote to support.
  function expectGenericServerError(res: { statusCode: number; json: () => unknown }) {
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: "INTERNAL",
        message: "Something went wrong on our side. Please try again in a moment.",
        requestId: expect.any(String),
      },
    });
  }

  it("verifies the email with a valid token", async () => {
    const { email, token } = await signUpAndReadToken();
    const res = await postToken(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it("answers 400 with a msg for an expired token", async () => {
    const { token } = await signUpAndReadToken();
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Date.now() + (VERIFICATION_EXPIRES_SECONDS + 60) * 1000,
    });
    const res = await postToken(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      msg: expect.any(String),
      error: { code: "TOKEN_EXPIRED", message: expect.any(String) },
    });
  });

  it("answers a server fault with 500 and the generic error, not a 400", async () => {
    const { email, token } = await signUpAndReadToken();
    const failingUpdate = {
      name: "verify_test_fail",
      table: "users",
      when: "before update",
      body: "raise exception 'disk full';",
    };
    await withTrigger(failingUpdate, async () => {
      const res = await postToken(token);
      expectGenericServerError(res);
      expect(res.body).not.toContain("disk full");
    });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
  });

  it("passes a 5xx answer from the auth library through as a 5xx", async () => {
    const { token } = await signUpAndReadToken();
    // The session insert silently writes nothing, so Better Auth answers 500
    // FAILED_TO_CREATE_SESSION after verifying the email.
    const skippedInsert = {
      name: "verify_test_skip",
      table: "sessions",
      when: "before insert",
      body: "return null;",
    };
    await withTrigger(skippedInsert, async () => {
      expectGenericServerError(await postToken(token));
    });
  });
});
